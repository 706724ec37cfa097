import type { NumberSuggestion, PartsResolved, Product } from '../../../shared/api.js';
import { messages } from '../../../shared/messages.js';
import { type Cents, orderTotalCents } from '../../../shared/money.js';
import { pricingOf, unitPriceCentsFor } from '../../../shared/pricing.js';
import { isQuickOrderProblem, type QuickOrderEntry } from '../../../shared/quick-order.js';
import { quantityError } from '../../../shared/quantity.js';
import type { NamedCartLine } from '../../lib/cart-store.js';
import { buyerPricing, hasYourPrice } from '../catalog/your-price.js';

const text = messages.ui.quickOrder;

export type MatchedAs = NonNullable<PartsResolved[number]['matchedAs']>;

/** A part a line resolved to, priced at the tier its quantity reaches. */
export interface ResolvedPart {
  product: Product;
  matchedAs: MatchedAs;
  unitPriceCents: Cents;
  totalCents: Cents;
  /** A trade account member's line (issue 63): the public unit price at this quantity; else null. */
  publicUnitPriceCents: Cents | null;
}

/** One line of the checked table: a part ready for the cart, or a line to fix (`error`). */
export interface QuickOrderRow {
  line: number;
  /** The number as typed, or the whole line when it could not be read. */
  typed: string;
  /** Null when the line could not be read. */
  quantity: number | null;
  part: ResolvedPart | null;
  /** Later lines with the same part, whose quantities are added to this one's. */
  mergedLines: number[];
  error: string | null;
  /** For a number no part has: the closest numbers some part has ("Did you mean …"). */
  suggestions: NumberSuggestion[];
}

type Draft = Omit<QuickOrderRow, 'part'> & { found: { product: Product; matchedAs: MatchedAs } | null };

/** A found part's price and whether its (summed) quantity can be ordered: min, whole packs, stock, card limit. */
function priced({ found, ...row }: Draft): QuickOrderRow {
  if (!found || row.quantity === null) return { ...row, part: null };
  const { min, stock, packSize } = found.product;
  const pricing = buyerPricing(found.product);
  const unitPriceCents = unitPriceCentsFor(pricing, row.quantity);
  const publicUnitPriceCents = hasYourPrice(found.product) ? unitPriceCentsFor(pricingOf(found.product), row.quantity) : null;
  const problem = quantityError(row.quantity, { min, stock, packSize, pricing });
  return {
    ...row,
    part: { ...found, unitPriceCents, totalCents: orderTotalCents(unitPriceCents, row.quantity), publicUnitPriceCents },
    error: problem?.message ?? null,
  };
}

/**
 * The lines read (`entries`) with the server's answer for their numbers (`resolved`, in the same order): a
 * number no part has is an error; the same part on several lines is one row, quantities added.
 */
export function quickOrderRows(entries: readonly QuickOrderEntry[], resolved: PartsResolved): QuickOrderRow[] {
  const drafts: Draft[] = [];
  const byProduct = new Map<string, Draft>();
  let answer = 0;
  for (const entry of entries) {
    if (isQuickOrderProblem(entry)) {
      drafts.push({ line: entry.line, typed: entry.text, quantity: null, found: null, mergedLines: [], error: entry.error, suggestions: [] });
      continue;
    }
    const { product = null, matchedAs = null, suggestions = [] } = resolved[answer++] ?? {};
    const row: Draft = { line: entry.line, typed: entry.number, quantity: entry.quantity, found: null, mergedLines: [], error: null, suggestions: [] };
    if (!product || !matchedAs) {
      drafts.push({ ...row, error: text.noPart(entry.number), suggestions });
      continue;
    }
    const same = byProduct.get(product._id);
    if (same) {
      same.quantity = (same.quantity ?? 0) + entry.quantity;
      same.mergedLines.push(entry.line);
      continue;
    }
    const first = { ...row, found: { product, matchedAs } };
    byProduct.set(product._id, first);
    drafts.push(first);
  }
  return drafts.map(priced);
}

/** A row as a line of the text box again (what is left to fix after the good lines went to the cart). */
export function rowAsText(row: QuickOrderRow): string {
  return row.quantity === null ? row.typed : `${row.typed} ${row.quantity}`;
}

/** The rows without a problem, as lines for the cart. */
export function cartLines(rows: readonly QuickOrderRow[]): NamedCartLine[] {
  return rows.flatMap((row) =>
    row.part && row.quantity !== null && !row.error ? [{ productId: row.part.product._id, quantity: row.quantity, name: row.part.product.name }] : [],
  );
}
