/**
 * Parts to suggest as a buyer types: those whose part number starts with what they typed, then those whose
 * name has words starting with each typed word (with the staff's synonyms), and when those are few the
 * names one typo away. Unranked, indexed queries that stop at the few they need: they must answer at
 * every key press, at any catalog size.
 */
import { sql } from 'kysely';
import { normalisePartNumber, searchWords } from '../../shared/catalog.js';
import { SUGGEST_MIN_LENGTH, type Suggestions } from '../../shared/choosing.js';
import { type Executor, isPostgres } from '../db/schema.js';
import { fts5Words, tsqueryWords } from './listing.js';
import { productsForSaleWith } from './product-rows.js';
import { type SearchClause, spellingOf } from './spelling.js';

export const SUGGESTED_PARTS = 6;

type SuggestedPart = Suggestions['parts'][number];

export async function suggestParts(db: Executor, q: string): Promise<SuggestedPart[]> {
  if (q.trim().length < SUGGEST_MIN_LENGTH) return [];
  const found = new Map<number, SuggestedPart>();
  const add = (rows: { id: number; sku: string; name: string }[]) => {
    for (const row of rows) if (found.size < SUGGESTED_PARTS) found.set(row.id, { _id: String(row.id), sku: row.sku, name: row.name });
  };
  const key = normalisePartNumber(q);
  if (key.length >= SUGGEST_MIN_LENGTH) {
    add(await productsForSaleWith(db, ['id', 'sku', 'name']).where('sku_key', '>=', key).where('sku_key', '<', `${key}\u{10FFFF}`).orderBy('sku_key').limit(SUGGESTED_PARTS).execute());
  }
  const words = searchWords(q);
  if (found.size < SUGGESTED_PARTS && words.length > 0) {
    const { clauses, didYouMean } = await spellingOf(db, words);
    // A word that is none of the names' (nor the start of one) but has a spelling that is finds nothing as
    // typed: its corrections alone are asked, sparing a scan for what cannot match.
    if (didYouMean === null) add(await byName(db, clauses, false));
    if (found.size < SUGGESTED_PARTS && clauses.some((clause) => clause.corrections.length > 0)) add(await byName(db, clauses, true));
  }
  return [...found.values()];
}

/** Parts for sale whose name matches every clause (each word the start of a word of the name). */
function byName(db: Executor, clauses: readonly SearchClause[], withCorrections: boolean) {
  const parts = productsForSaleWith(db, ['id', 'sku', 'name']).limit(SUGGESTED_PARTS);
  if (isPostgres(db)) {
    // Weight A: the name (and the numbers, which the part-number query above covers).
    const words = tsqueryWords(clauses, withCorrections).replace(/:\*/g, ':*A');
    return parts.where(sql<boolean>`search_vector @@ to_tsquery('english', ${words})`).execute();
  }
  const match = `name : (${fts5Words(clauses, withCorrections)})`;
  return parts.where('id', 'in', sql<number>`(SELECT rowid FROM product_search WHERE product_search MATCH ${match} LIMIT ${SUGGESTED_PARTS * 4})`).execute();
}
