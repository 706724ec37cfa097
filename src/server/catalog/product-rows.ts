import type { Executor, ProductRow } from '../db/schema.js';

/** The names of every column of a row, checked by the compiler against its type (none missing, none extra). */
function everyColumn<Row>(columns: Record<keyof Row & string, true>): (keyof Row & string)[] {
  return Object.keys(columns) as (keyof Row & string)[];
}

/** Every column of a product row, named: on PostgreSQL a `*` would also fetch the search index's text (a quarter of a part's row). */
export const PRODUCT_COLUMNS = everyColumn<ProductRow>({
  id: true, name: true, description: true, img: true, price_cents: true, stock: true, min_quantity: true, hidden_at: true, sku: true,
  sku_key: true, category: true, specs: true, keywords: true, archived_at: true, cross_numbers: true, pack_size: true, price_breaks: true,
  reorder_threshold: true, created_at: true, updated_at: true, weight_grams: true, tax_class: true, core_charge_cents: true,
  rating_count: true, rating_sum: true, rating_average: true,
});

/** A product as its answer shows it: not whether it is removed, nor its part number's key or its search text. */
export type ShownProductRow = Omit<ProductRow, 'hidden_at' | 'sku_key' | 'keywords' | 'cross_numbers' | 'rating_sum'>;

/** The columns of a shown product, which lists and part pages read: each value read is a string made in JavaScript, so only those the answer shows. */
export const SHOWN_PRODUCT_COLUMNS = everyColumn<ShownProductRow>({
  id: true, name: true, description: true, img: true, price_cents: true, stock: true, min_quantity: true, sku: true, category: true,
  specs: true, archived_at: true, pack_size: true, price_breaks: true, reorder_threshold: true, created_at: true, updated_at: true, weight_grams: true, tax_class: true,
  core_charge_cents: true, rating_count: true, rating_average: true,
});

/** The same columns where a join names another table's too. */
export const SHOWN_PRODUCT_COLUMNS_OF_PRODUCTS = SHOWN_PRODUCT_COLUMNS.map((column) => `products.${column}` as const);

/** The products the admins list (not removed). */
export function listedProducts(db: Executor) {
  return db.selectFrom('products').select(PRODUCT_COLUMNS).where('hidden_at', 'is', null);
}

/** The products for sale: listed and not archived. */
export function productsForSale(db: Executor) {
  return productsForSaleWith(db, PRODUCT_COLUMNS);
}

/** The products for sale, with only these columns. */
export function productsForSaleWith<C extends keyof ProductRow & string>(db: Executor, columns: readonly C[]) {
  return db.selectFrom('products').select(columns).where('hidden_at', 'is', null).where('archived_at', 'is', null);
}
