/**
 * Saved parts lists (issue 65): a buyer's named lists of parts with quantities. A list is its owner's
 * alone: anyone else is answered as if it did not exist (404). Its lines show each part as it is now.
 */
import { type ListInput, LISTS_PER_ACCOUNT_MAX, listMessages, type ListSummary, type ListUpdate, type PartsList } from '../../shared/choosing.js';
import { productDtosForSale, visibleProductsById } from '../catalog/service.js';
import { type Executor, now, timestamps } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { holdAccount } from '../users/service.js';

export interface ListLine {
  productId: number;
  quantity: number;
}

export async function listsOf(db: Executor, userId: number): Promise<ListSummary[]> {
  const rows = await db
    .selectFrom('parts_lists')
    .leftJoin('parts_list_lines', 'parts_list_lines.list_id', 'parts_lists.id')
    .select(['parts_lists.id', 'parts_lists.name', 'parts_lists.created_at', 'parts_lists.updated_at', (eb) => eb.fn.count<number | string>('parts_list_lines.product_id').as('line_count')])
    .where('parts_lists.user_id', '=', userId)
    .groupBy(['parts_lists.id', 'parts_lists.name', 'parts_lists.created_at', 'parts_lists.updated_at'])
    .orderBy('parts_lists.id', 'desc')
    .execute();
  return rows.map((row) => ({ id: String(row.id), name: row.name, lineCount: Number(row.line_count), createdAt: row.created_at, updatedAt: row.updated_at }));
}

/** The owner's list with its lines, or 404 (also for another account's list). */
export async function getList(db: Executor, userId: number, id: number): Promise<PartsList> {
  const list = await ownList(db, userId, id);
  const lines = await linesOf(db, id);
  const products = await productDtosForSale(db, lines.map((line) => line.productId));
  return {
    id: String(list.id),
    name: list.name,
    lineCount: lines.length,
    createdAt: list.created_at,
    updatedAt: list.updated_at,
    lines: lines.map((line) => ({ productId: String(line.productId), quantity: line.quantity, product: products.get(line.productId) ?? null })),
  };
}

async function ownList(db: Executor, userId: number, id: number) {
  const list = await db.selectFrom('parts_lists').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!list) throw notFound('List');
  return list;
}

export async function linesOf(db: Executor, listId: number): Promise<ListLine[]> {
  const rows = await db.selectFrom('parts_list_lines').select(['product_id', 'quantity']).where('list_id', '=', listId).orderBy('position').execute();
  return rows.map((row) => ({ productId: row.product_id, quantity: row.quantity }));
}

/** A new list (409 past LISTS_PER_ACCOUNT_MAX); its lines' parts must be for sale (400 names the first that is not). */
export async function createList(db: Executor, userId: number, input: ListInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Counted while the account is held: two lists created at once cannot both pass the limit.
    await holdAccount(trx, userId);
    const { count } = await trx.selectFrom('parts_lists').where('user_id', '=', userId).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
    if (Number(count) >= LISTS_PER_ACCOUNT_MAX) throw conflict('too_many_lists', listMessages.tooManyLists);
    await refusePartsNotForSale(trx, input.lines ?? []);
    const list = await trx.insertInto('parts_lists').values({ user_id: userId, name: input.name, ...timestamps() }).returning('id').executeTakeFirstOrThrow();
    await replaceLines(trx, list.id, input.lines ?? []);
    return list.id;
  });
}

export async function updateList(db: Executor, userId: number, id: number, update: ListUpdate): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownList(trx, userId, id);
    await trx.updateTable('parts_lists').set({ ...(update.name === undefined ? {} : { name: update.name }), updated_at: now() }).where('id', '=', id).execute();
    if (update.lines) {
      await refusePartsNotForSale(trx, update.lines);
      await replaceLines(trx, id, update.lines);
    }
  });
}

export async function deleteList(db: Executor, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownList(trx, userId, id);
    await trx.deleteFrom('parts_list_lines').where('list_id', '=', id).execute();
    await trx.deleteFrom('parts_lists').where('id', '=', id).execute();
  });
}

async function refusePartsNotForSale(db: Executor, lines: readonly ListLine[]): Promise<void> {
  const forSale = await visibleProductsById(db, lines.map((line) => line.productId));
  const missing = lines.find((line) => !forSale.has(line.productId));
  if (missing) throw badRequest(listMessages.partGone, { lines: `${listMessages.partGone} (${missing.productId})` });
}

/** The list's lines become these, in this order. The caller checks the parts (for sale) before. */
export async function replaceLines(db: Executor, listId: number, lines: readonly ListLine[]): Promise<void> {
  await db.deleteFrom('parts_list_lines').where('list_id', '=', listId).execute();
  if (lines.length === 0) return;
  await db
    .insertInto('parts_list_lines')
    .values(lines.map((line, position) => ({ list_id: listId, product_id: line.productId, quantity: line.quantity, position })))
    .execute();
  await db.updateTable('parts_lists').set({ updated_at: now() }).where('id', '=', listId).execute();
}

/** The owner's list's lines (404 for anyone else's). */
export async function ownLines(db: Executor, userId: number, id: number): Promise<{ name: string; lines: ListLine[] }> {
  const list = await ownList(db, userId, id);
  return { name: list.name, lines: await linesOf(db, id) };
}
