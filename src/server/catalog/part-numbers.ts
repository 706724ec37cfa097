/** Part numbers: unique by their normalised key; the ones the shop makes up come from a sequence per category prefix. */
import { sql } from 'kysely';
import { categoryOf, generatedPartNumber, normalisePartNumber } from '../../shared/catalog.js';
import { fieldMessages } from '../../shared/schemas.js';
import type { Executor } from '../db/schema.js';
import { conflict } from '../http/errors.js';

/** The part (if any) that already has this number, however it is spelled. */
export async function partNumberTaken(db: Executor, sku: string) {
  return db.selectFrom('products').select(['id', 'sku', 'name']).where('sku_key', '=', normalisePartNumber(sku)).executeTakeFirst();
}

/**
 * A part number for each new part: its own (refused when taken, or given twice in one batch) or a
 * generated one (category prefix and the next number of that prefix that nobody took by hand).
 */
export async function assignPartNumbers(db: Executor, parts: { sku?: string; category: string }[]): Promise<string[]> {
  await refuseTaken(db, parts.flatMap((p) => (p.sku === undefined ? [] : [p.sku])));
  const generated = new Map<string, string[]>();
  for (const [category, count] of countByCategory(parts.filter((p) => p.sku === undefined))) {
    generated.set(category, await freshPartNumbers(db, category, count));
  }
  return parts.map((p) => p.sku ?? generated.get(p.category)!.shift()!);
}

function countByCategory(parts: { category: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of parts) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  return counts;
}

async function refuseTaken(db: Executor, skus: string[]): Promise<void> {
  const seen = new Set<string>();
  for (const sku of skus) {
    const key = normalisePartNumber(sku);
    if (seen.has(key)) throw conflict('sku_taken', fieldMessages.skuRepeated(sku), { sku: fieldMessages.skuRepeated(sku) });
    seen.add(key);
  }
  for (let i = 0; i < skus.length; i += 500) {
    const keys = skus.slice(i, i + 500).map(normalisePartNumber);
    const holder = await db.selectFrom('products').select(['sku', 'name']).where('sku_key', 'in', keys).executeTakeFirst();
    if (holder) throw conflict('sku_taken', fieldMessages.skuTaken(holder.sku, holder.name), { sku: fieldMessages.skuTaken(holder.sku, holder.name) });
  }
}

/** `count` generated numbers of a category that no part has, taking a block of the prefix's sequence at a time. */
async function freshPartNumbers(db: Executor, category: string, count: number): Promise<string[]> {
  const fresh: string[] = [];
  while (fresh.length < count) {
    const wanted = count - fresh.length;
    const last = await advanceSequence(db, categoryOf(category).prefix, wanted);
    const candidates = Array.from({ length: wanted }, (_, i) => generatedPartNumber(category, last - wanted + 1 + i));
    const taken = await db.selectFrom('products').select('sku_key').where('sku_key', 'in', candidates.map(normalisePartNumber)).execute();
    const takenKeys = new Set(taken.map((t) => t.sku_key));
    fresh.push(...candidates.filter((c) => !takenKeys.has(normalisePartNumber(c))));
  }
  return fresh;
}

/** Moves a prefix's sequence on by `by` and answers its new last number (the row stays locked to the commit). */
async function advanceSequence(db: Executor, prefix: string, by: number): Promise<number> {
  const row = await db
    .insertInto('sku_sequences')
    .values({ prefix, last: by })
    .onConflict((oc) => oc.column('prefix').doUpdateSet({ last: sql<number>`sku_sequences.last + ${by}` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return row.last;
}
