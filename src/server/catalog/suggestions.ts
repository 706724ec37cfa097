/**
 * "Did you mean …": the numbers of parts for sale closest to one that nothing matched. The candidates come
 * from the search index (the parts with a number that starts like the one typed, or with a piece of it), and
 * are compared with it in full here; the closest few within a slip or two are offered.
 */
import { sql } from 'kysely';
import type { NumberSuggestion } from '../../shared/api.js';
import { closeEnough, normalisePartNumber, partNumberDistance, searchWords } from '../../shared/catalog.js';
import { type Executor, isPostgres } from '../db/schema.js';
import { lookupOrder, type MatchedAs, numbersColumn, numbersInColumn } from './numbers.js';
import { productsForSaleWith } from './product-rows.js';

/** Parts compared with the number typed: enough for a brand's run of numbers that start alike. */
const CANDIDATES = 200;
const SUGGESTIONS = 3;

export async function closestNumbers(db: Executor, typed: string): Promise<NumberSuggestion[]> {
  const key = normalisePartNumber(typed);
  if (key.length < 3) return [];
  const rows = await productsForSaleWith(db, ['id', 'sku', 'sku_key', 'name'])
    .select(numbersColumn(db))
    .where(sql<boolean>`products.id IN (${candidateIds(db, beginnings(typed, key))})`)
    .execute();
  const closest = rows.flatMap((row) => {
    const numbers = [{ matchedAs: 'sku' as MatchedAs, number: row.sku, key: row.sku_key }].concat(
      numbersInColumn(row.numbers).map((n) => ({ matchedAs: n.type, number: n.number, key: normalisePartNumber(n.number) })),
    );
    const ranked = numbers
      .filter((n) => closeEnough(key, n.key))
      .map((n) => ({ ...n, distance: partNumberDistance(key, n.key) }))
      .sort((a, b) => a.distance - b.distance || lookupOrder(a.matchedAs) - lookupOrder(b.matchedAs));
    return ranked.slice(0, 1).map(({ matchedAs, number, distance }) => ({ id: row.id, distance, suggestion: { number, matchedAs, sku: row.sku, name: row.name } }));
  });
  closest.sort((a, b) => a.distance - b.distance || lookupOrder(a.suggestion.matchedAs) - lookupOrder(b.suggestion.matchedAs) || a.id - b.id);
  return closest.slice(0, SUGGESTIONS).map((c) => c.suggestion);
}

/**
 * What a close number starts a word of the index with: the first half of the number typed (a slip near
 * its end), and each piece of three characters or more as typed (a slip in another piece: `BP-1507` for
 * BR-1507), folded like every number and lower case as the index holds them.
 */
function beginnings(typed: string, key: string): string[] {
  const half = key.slice(0, Math.max(3, Math.floor(key.length / 2)));
  const pieces = searchWords(typed).map(normalisePartNumber).filter((piece) => piece.length >= 3);
  return [...new Set([half, ...pieces])].map((beginning) => beginning.toLowerCase());
}

/** The parts whose numbers (or names, on PostgreSQL) have a word starting with one of these: read from the search index. */
function candidateIds(db: Executor, starts: string[]) {
  if (isPostgres(db)) {
    const query = starts.map((s) => `${s}:*`).join(' | ');
    return sql`SELECT id FROM products WHERE search_vector @@ to_tsquery('simple', ${query}) LIMIT ${CANDIDATES}`;
  }
  const match = `numbers : (${starts.map((s) => `"${s}"*`).join(' OR ')})`;
  return sql`SELECT rowid FROM product_search WHERE product_search MATCH ${match} LIMIT ${CANDIDATES}`;
}
