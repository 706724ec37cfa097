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

/** Parts compared with the numbers typed: enough for a brand's run of numbers that start alike. */
const CANDIDATES = 200;
/** Parts compared with the numbers of a batch (a quick order's unmatched lines), all read by one query. */
const BATCH_CANDIDATES = 1000;
const SUGGESTIONS = 3;

export async function closestNumbers(db: Executor, typed: string): Promise<NumberSuggestion[]> {
  return (await closestNumbersOfEach(db, [typed])).get(normalisePartNumber(typed)) ?? [];
}

/** The closest numbers to each of these (by its key): one query for all of them, the comparing done here. */
export async function closestNumbersOfEach(db: Executor, typed: readonly string[]): Promise<Map<string, NumberSuggestion[]>> {
  const wanted = new Map(typed.map((number) => [normalisePartNumber(number), number] as const).filter(([key]) => key.length >= 3));
  const closest = new Map<string, NumberSuggestion[]>();
  if (wanted.size === 0) return closest;
  const starts = [...new Set([...wanted].flatMap(([key, number]) => beginnings(number, key)))];
  const rows = await productsForSaleWith(db, ['id', 'sku', 'sku_key', 'name'])
    .select(numbersColumn(db))
    .where(sql<boolean>`products.id IN (${candidateIds(db, starts, wanted.size === 1 ? CANDIDATES : BATCH_CANDIDATES)})`)
    .execute();
  const parts = rows.map((row) => ({
    row,
    numbers: [{ matchedAs: 'sku' as MatchedAs, number: row.sku, key: row.sku_key }].concat(
      numbersInColumn(row.numbers).map((n) => ({ matchedAs: n.type, number: n.number, key: normalisePartNumber(n.number) })),
    ),
  }));
  for (const key of wanted.keys()) closest.set(key, closestTo(key, parts));
  return closest;
}

type Candidate = { row: { id: number; sku: string; name: string }; numbers: { matchedAs: MatchedAs; number: string; key: string }[] };

/** The parts with a number close to `key`, each by its closest number, closest first (then ours before the others, the older part first). */
function closestTo(key: string, parts: Candidate[]): NumberSuggestion[] {
  const byOrder = (a: { distance: number; matchedAs: MatchedAs }, b: { distance: number; matchedAs: MatchedAs }) =>
    a.distance - b.distance || lookupOrder(a.matchedAs) - lookupOrder(b.matchedAs);
  const closest = parts.flatMap(({ row, numbers }) => {
    const [best] = numbers
      .filter((n) => closeEnough(key, n.key))
      .map((n) => ({ ...n, distance: partNumberDistance(key, n.key) }))
      .sort(byOrder);
    return best ? [{ id: row.id, distance: best.distance, matchedAs: best.matchedAs, suggestion: { number: best.number, matchedAs: best.matchedAs, sku: row.sku, name: row.name } }] : [];
  });
  closest.sort((a, b) => byOrder(a, b) || a.id - b.id);
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
function candidateIds(db: Executor, starts: string[], limit: number) {
  if (isPostgres(db)) {
    const query = starts.map((s) => `${s}:*`).join(' | ');
    return sql`SELECT id FROM products WHERE search_vector @@ to_tsquery('simple', ${query}) LIMIT ${limit}`;
  }
  const match = `numbers : (${starts.map((s) => `"${s}"*`).join(' OR ')})`;
  return sql`SELECT rowid FROM product_search WHERE product_search MATCH ${match} LIMIT ${limit}`;
}
