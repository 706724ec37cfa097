import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/** A stored key with the letters that read as digits folded (shared/catalog.ts, CONFUSABLE_LETTERS): O is 0, I is 1. */
const folded = (column: string) => sql.raw(`replace(replace(${column}, 'O', '0'), 'I', '1')`);
const withConfusables = (column: string) => sql.raw(`(${column} LIKE '%O%' OR ${column} LIKE '%I%')`);

/**
 * Part numbers are matched with O read as 0 and I as 1, so the keys stored for lookups (`products.sku_key`,
 * `product_numbers.number_key`) and the numbers the search index reads (`products.cross_numbers`) are folded
 * the same way; the numbers as written stay. Two parts whose numbers become one key cannot both keep them:
 * a buyer could not tell them apart either, so the upgrade stops and names them, for one to be renumbered
 * first. A part listing the same number twice in two spellings keeps the first.
 */
export function confusablePartNumbers(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await refuseCollidingPartNumbers(db);
      await sql`DELETE FROM product_numbers WHERE EXISTS (
        SELECT 1 FROM product_numbers earlier
        WHERE earlier.product_id = product_numbers.product_id AND earlier.type = product_numbers.type
          AND earlier.id < product_numbers.id AND ${folded('earlier.number_key')} = ${folded('product_numbers.number_key')})`.execute(db);
      const joined = sql.raw(dialect === 'postgres' ? 'string_agg' : 'group_concat');
      await sql`UPDATE products SET cross_numbers = (
        SELECT ${joined}(number || ' ' || ${folded('number_key')}, ' ') FROM product_numbers WHERE product_id = products.id)
        WHERE id IN (SELECT product_id FROM product_numbers WHERE ${withConfusables('number_key')})`.execute(db);
      await sql`UPDATE product_numbers SET number_key = ${folded('number_key')} WHERE ${withConfusables('number_key')}`.execute(db);
      await sql`UPDATE products SET sku_key = ${folded('sku_key')} WHERE ${withConfusables('sku_key')}`.execute(db);
    },
  };
}

async function refuseCollidingPartNumbers(db: Kysely<unknown>) {
  const { rows } = await sql<{ first: string; second: string }>`
    SELECT min(sku) AS first, max(sku) AS second FROM products GROUP BY ${folded('sku_key')} HAVING count(*) > 1`.execute(db);
  if (rows.length > 0) {
    const pairs = rows.map((c) => `${c.first} and ${c.second}`).join('; ');
    throw new Error(`These parts' numbers differ only by O for 0 or I for 1, which the shop now reads as the same number: ${pairs}. Renumber one of each before upgrading.`);
  }
}
