/**
 * The stock ledger: one row for every change of a part's stock, written in the transaction of the
 * statement that changed it, with the stock as that statement's RETURNING gave it (so the rows of one part,
 * in id order, are its successive stocks, and their changes sum to its stock).
 */
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { STOCK_MOVEMENT_PAGE_SIZE, type StockMovement, type StockMovementPage, type StockMovementReason } from '../../shared/back-office.js';
import { decodeCursor, encodeCursor, fieldMessages } from '../../shared/schemas.js';
import { type Executor, now, type StockMovementsTable } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { csvFile } from '../http/csv.js';

/** Who moved the stock, as they were named then; null for the shop itself (expiry, the demo's opening stock). */
export type StockMover = { id: number; name: string } | null;

/** Why the stock moved, for which order, by whom. */
export interface StockMove {
  reason: StockMovementReason;
  orderId?: number | null;
  by: StockMover;
}

/** A part's stock as a statement left it, and by how much that statement changed it. */
export interface MovedStock {
  productId: number;
  change: number;
  stockAfter: number;
}

/** Ledger rows a statement: seven values each, well inside both databases' limits on bound parameters. */
const MOVEMENTS_PER_INSERT = 1000;

/** The rows of these changes (those that changed nothing left out), in one insert a thousand. */
export async function recordStockMovements(db: Executor, moved: readonly MovedStock[], move: StockMove): Promise<void> {
  const at = now();
  const rows = moved
    .filter((m) => m.change !== 0)
    .map((m) => ({
      product_id: m.productId,
      change: m.change,
      stock_after: m.stockAfter,
      reason: move.reason,
      order_id: move.orderId ?? null,
      actor_user_id: move.by?.id ?? null,
      actor_name: move.by?.name ?? null,
      created_at: at,
    }));
  for (let start = 0; start < rows.length; start += MOVEMENTS_PER_INSERT) {
    await db.insertInto('stock_movements').values(rows.slice(start, start + MOVEMENTS_PER_INSERT)).execute();
  }
}

type MovementRow = Pick<StockMovementsTable, 'change' | 'stock_after' | 'reason' | 'order_id' | 'actor_name' | 'created_at'> & { id: number };

function movementsOf(db: Executor, productId: number) {
  return db
    .selectFrom('stock_movements')
    .select(['id', 'change', 'stock_after', 'reason', 'order_id', 'actor_name', 'created_at'])
    .where('product_id', '=', productId)
    .orderBy('id', 'desc');
}

function toMovementDto(row: MovementRow): StockMovement {
  return {
    at: row.created_at,
    change: row.change,
    stockAfter: row.stock_after,
    reason: row.reason,
    orderId: row.order_id === null ? null : String(row.order_id),
    actor: row.actor_name,
  };
}

/** A page of a part's ledger, newest first (keyset on the id: rows written meanwhile never shift a page). */
export async function stockMovementPage(db: Executor, productId: number, options: { limit?: number; cursor?: string }): Promise<StockMovementPage> {
  const limit = options.limit ?? STOCK_MOVEMENT_PAGE_SIZE.default;
  let query = movementsOf(db, productId).limit(limit + 1);
  if (options.cursor) {
    const key = decodeCursor('newest', options.cursor);
    if (!key) throw badRequest(fieldMessages.cursorInvalid, { cursor: fieldMessages.cursorInvalid });
    query = query.where('id', '<', key[1]);
  }
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toMovementDto), nextCursor: rows.length > limit && last ? encodeCursor('newest', [last.id, last.id]) : null };
}

/** The export's columns: the page's fields, as a spreadsheet heads them. */
export const STOCK_MOVEMENT_CSV_COLUMNS = ['at', 'reason', 'change', 'stock_after', 'order_id', 'actor'] as const;

const EXPORT_BATCH = 1000;

async function* movementRecords(db: Executor, productId: number): AsyncGenerator<string[][]> {
  let beforeId: number | undefined;
  for (;;) {
    await yieldToOtherRequests();
    let query = movementsOf(db, productId).limit(EXPORT_BATCH);
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    const rows = await query.execute();
    yield rows.map((row) => [row.created_at, row.reason, String(row.change), String(row.stock_after), row.order_id === null ? '' : String(row.order_id), row.actor_name ?? '']);
    if (rows.length < EXPORT_BATCH) return;
    beforeId = rows.at(-1)!.id;
  }
}

/** Every row of a part's ledger, newest first, as CSV read a batch at a time. */
export function exportStockMovementsCsv(db: Executor, productId: number): AsyncGenerator<string> {
  return csvFile(STOCK_MOVEMENT_CSV_COLUMNS, movementRecords(db, productId), { bom: false });
}
