/**
 * Catalog rules, written once for the server and the browser: the vehicle-system categories, part
 * numbers (how two spellings are the same number), specs and how the catalog may be sorted.
 */

/** The vehicle systems a part belongs to; `prefix` starts the part numbers the shop generates. */
export const CATEGORIES = [
  { slug: 'lighting', name: 'Lighting', prefix: 'LT' },
  { slug: 'brakes', name: 'Brakes', prefix: 'BR' },
  { slug: 'wheels-tires', name: 'Wheels & Tires', prefix: 'WT' },
  { slug: 'wipers', name: 'Wipers', prefix: 'WP' },
  { slug: 'mirrors', name: 'Mirrors', prefix: 'MR' },
  { slug: 'engine', name: 'Engine', prefix: 'EN' },
  { slug: 'filters', name: 'Filters', prefix: 'FL' },
  { slug: 'suspension', name: 'Suspension', prefix: 'SU' },
  { slug: 'cooling', name: 'Cooling', prefix: 'CL' },
  { slug: 'electrical', name: 'Electrical', prefix: 'EL' },
  { slug: 'body', name: 'Body', prefix: 'BD' },
  { slug: 'other', name: 'Other Parts', prefix: 'PS' },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];
export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];
/** Where a part goes when nobody chose its category (the original add form, an old client: docs/legacy-contract.md#old-clients). */
export const DEFAULT_CATEGORY: CategorySlug = 'other';

export function categoryOf(slug: string) {
  return CATEGORIES.find((c) => c.slug === slug) ?? CATEGORIES.find((c) => c.slug === DEFAULT_CATEGORY)!;
}

/** A category given by its slug or its name, as a person types it in a spreadsheet ("Wheels & Tires"). */
export function findCategory(text: string) {
  const wanted = text.trim().toLowerCase();
  return CATEGORIES.find((c) => c.slug === wanted || c.name.toLowerCase() === wanted);
}

/**
 * Two part numbers are the same number when they agree ignoring case and everything that is not a
 * letter or digit: `BL-1507`, `bl 1507` and `BL.15.07` are all `BL1507`.
 */
export function normalisePartNumber(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** What a part number may look like: letters and digits, with spaces, dots, dashes or slashes between. */
export const PART_NUMBER_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]*[A-Za-z0-9])?$/;
export const PART_NUMBER_MAX = 40;

/** A generated part number: the category's prefix and a sequence number, `BR-10001`. */
export function generatedPartNumber(category: string, sequence: number): string {
  return `${categoryOf(category).prefix}-${10000 + sequence}`;
}

export const SPECS_MAX = 30;
export const SPEC_NAME_MAX = 60;
export const SPEC_VALUE_MAX = 200;

export interface Spec {
  name: string;
  value: string;
}

/**
 * Specs in one spreadsheet cell: `Voltage: 12 V; Bulb type: H7`. A spec's name has no `:` or `;` and
 * its value no `;` (the schemas say so), so a cell reads back into exactly the specs it was written from.
 */
export function specsToText(specs: readonly Spec[]): string {
  return specs.map((s) => `${s.name}: ${s.value}`).join('; ');
}

export function specsFromText(text: string): Spec[] | { error: string } {
  const specs: Spec[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const colon = part.indexOf(':');
    if (colon < 0) return { error: `"${part.trim()}" needs a name and a value, like "Voltage: 12 V"` };
    specs.push({ name: part.slice(0, colon).trim(), value: part.slice(colon + 1).trim() });
  }
  return specs;
}

/** How the catalog may be sorted; with a search and no sort, best matches come first. */
export const PRODUCT_SORTS = ['newest', 'price', '-price', 'name', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  name: 'Name',
  rating: 'Best rated',
};

/** A part's page as search engines and link previews show it: the same in the server's HTML and the browser. */
export function productHead(product: { name: string; sku: string; category: { name: string }; description: string }) {
  const description = `${product.sku} · ${product.category.name}. ${product.description}`;
  return {
    title: `${product.name} (${product.sku}) | Partsmith`,
    description: description.length > 160 ? `${description.slice(0, 157)}…` : description,
  };
}

/** The words of a search, as the full-text index splits them (letters and digits). */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}
