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
 * Two part numbers are the same number when they agree ignoring case, everything that is not a letter or
 * digit, and the letters that read as digits (`CONFUSABLE_LETTERS`): `BL-1507`, `bl 1507` and `BL.15.07`
 * are all `BL1507`, and `17801-OT020` (letter O, as invoices print it) is `17801-0T020`. The key is for
 * matching only: a number is always shown as it was written.
 */
export function normalisePartNumber(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '').replace(/[OI]/g, (letter) => CONFUSABLE_LETTERS[letter as 'O' | 'I']);
}

/**
 * The letters a part number's reader takes for a digit, and the digit. Only O and I: car makers leave
 * them out of their numbers for that reason (as VINs do), so a number with them is nearly always a zero
 * or a one mistyped, and two real numbers that differ only there do not occur. Other look-alikes are
 * left alone because they are real letters of real numbers: L (`04L 198 119 A`, our `LT-` prefix),
 * S and B (`WT-1616-S`, `BL 1507 C`), Z (`04152-YZZA1`), G, Q (`5Q0 698 151`); folding them would
 * make different numbers one.
 */
export const CONFUSABLE_LETTERS = { O: '0', I: '1' } as const;

/**
 * How far apart two normalised numbers are: the fewest letters typed wrong, missing, extra or swapped
 * with their neighbour (optimal string alignment distance). For "Did you mean …".
 */
export function partNumberDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** A number close enough to the one typed to be offered instead: a slip or two, fewer in a short number. */
export function closeEnough(typedKey: string, key: string): boolean {
  const allowed = typedKey.length >= 8 ? 2 : 1;
  return partNumberDistance(typedKey, key) <= allowed;
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

/** A weight in grams as buyers read it: "350 g", "1.2 kg", "12.35 kg" (to ten grams). */
export function formatWeight(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${Number((grams / 1000).toFixed(2))} kg`;
}
/** A part's tax class: which of a destination's rates its lines pay (src/shared/tax.ts). */
export const TAX_CLASSES = ['standard', 'reduced', 'zero'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
/** The home page's "Parts our customers order most" (GET /api/products/most-ordered): how many, sold over how many days. */
export const MOST_ORDERED = { count: 6, days: 90 } as const;
