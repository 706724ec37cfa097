/**
 * The returns domain: a buyer's request to send shipped units back (RMA), its lines (why, which vehicle,
 * what came back) and where it stands. Asking for a return and receiving one span the orders, fitment and
 * catalog domains and the refund: those are flows (flows/returns.ts), which call the functions here in
 * their transaction. Approving and rejecting are the staff's moves of the return alone, with the buyer's
 * e-mail.
 */
import { type Return, type ReturnListQuery, RETURN_PAGE_SIZE } from '../../shared/returns-api.js';
import { formatCreditNoteNumber, formatOrderNumber, formatReturnNumber } from '../../shared/format.js';
import { returnMessages } from '../../shared/messages.js';
import { centsToDollars } from '../../shared/money.js';
import { canMoveReturn, RETURN_REASONS, type ReturnReason, type ReturnStatus } from '../../shared/returns.js';
import { decodeCursor, encodeCursor, fieldMessages } from '../../shared/schemas.js';
import { type Executor, isPostgres, now, type ReturnLineRow, type ReturnRow, timestamps } from '../db/schema.js';
import { type Viewer, isOwnerOrAdmin } from '../http/access.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { enqueueMail } from '../mail/service.js';
import { findOrder, linesOfOrders, refundsOfReturns } from '../orders/service.js';

/** A line of a new return: which order line, how many units (or cores), why, and the vehicle it did not fit. */
export interface NewReturnLine {
  orderLineId: number;
  productId: number;
  quantity: number;
  reason: ReturnReason;
  vehicleId: number | null;
  vehicleLabel: string | null;
  fitsByOurData: boolean | null;
}

/** Writes a requested return of these lines. */
export async function createReturn(db: Executor, values: { orderId: number; userId: number; note: string }, lines: readonly NewReturnLine[]): Promise<ReturnRow> {
  const row = await db
    .insertInto('returns')
    .values({ order_id: values.orderId, user_id: values.userId, status: 'requested', note: values.note, reject_reason: null, ...timestamps() })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('return_lines')
    .values(
      lines.map((line) => ({
        return_id: row.id,
        order_line_id: line.orderLineId,
        product_id: line.productId,
        quantity: line.quantity,
        reason: line.reason,
        vehicle_id: line.vehicleId,
        vehicle_label: line.vehicleLabel,
        fits_by_our_data: line.fitsByOurData === null ? null : line.fitsByOurData ? 1 : 0,
      })),
    )
    .execute();
  return row;
}

/**
 * The units of each of the order's lines already on its returns, new parts and cores apart: asked for while
 * a return is requested or approved, what came back once received. Rejected returns count nothing.
 */
export async function unitsOnReturns(db: Executor, orderId: number): Promise<Map<number, { units: number; cores: number }>> {
  const rows = await db
    .selectFrom('return_lines')
    .innerJoin('returns', 'returns.id', 'return_lines.return_id')
    .select(['return_lines.order_line_id', 'return_lines.reason', 'return_lines.quantity', 'return_lines.received_quantity', 'returns.status'])
    .where('returns.order_id', '=', orderId)
    .where('returns.status', '!=', 'rejected')
    .execute();
  const byLine = new Map<number, { units: number; cores: number }>();
  for (const row of rows) {
    const counted = byLine.get(row.order_line_id) ?? { units: 0, cores: 0 };
    const units = row.status === 'requested' || row.status === 'approved' ? row.quantity : row.received_quantity;
    if (row.reason === 'core') counted.cores += units;
    else counted.units += units;
    byLine.set(row.order_line_id, counted);
  }
  return byLine;
}

export async function findReturn(db: Executor, id: number): Promise<ReturnRow | undefined> {
  return db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getReturn(db: Executor, id: number): Promise<ReturnRow> {
  const found = await findReturn(db, id);
  if (!found) throw notFound('Return');
  return found;
}

/** The return, if the viewer asked for it or is an admin; anyone else is told there is no such return (404). */
export async function getReturnFor(db: Executor, viewer: Viewer, id: number): Promise<ReturnRow> {
  const found = await findReturn(db, id);
  if (!found || !isOwnerOrAdmin(viewer, found.user_id)) throw notFound('Return');
  return found;
}

/** The return, its row locked until the caller's transaction ends (PostgreSQL; SQLite's transaction holds the write lock). */
export async function lockReturn(db: Executor, id: number): Promise<ReturnRow> {
  const query = db.selectFrom('returns').selectAll().where('id', '=', id);
  const found = await (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
  if (!found) throw notFound('Return');
  return found;
}

/** The lines of these returns, by return, in the order they were written. */
export async function linesOfReturns(db: Executor, returnIds: readonly number[]): Promise<Map<number, ReturnLineRow[]>> {
  const byReturn = new Map<number, ReturnLineRow[]>();
  for (let start = 0; start < returnIds.length; start += RETURNS_PER_QUERY) {
    const rows = await db.selectFrom('return_lines').selectAll().where('return_id', 'in', returnIds.slice(start, start + RETURNS_PER_QUERY)).execute();
    for (const row of rows) {
      const lines = byReturn.get(row.return_id);
      if (lines) lines.push(row);
      else byReturn.set(row.return_id, [row]);
    }
  }
  // In the order's line order, a part's reasons in the shared list's order.
  for (const lines of byReturn.values()) lines.sort((a, b) => a.order_line_id - b.order_line_id || RETURN_REASONS.indexOf(a.reason) - RETURN_REASONS.indexOf(b.reason));
  return byReturn;
}

/** Returns named in one query: one parameter each, well under either database's limit on parameters. */
const RETURNS_PER_QUERY = 5000;

export async function linesOfReturn(db: Executor, returnId: number): Promise<ReturnLineRow[]> {
  return (await linesOfReturns(db, [returnId])).get(returnId) ?? [];
}

/** Other returns of an order that are received or refunded: what their refunds took or will take. */
export async function receivedReturnsOf(db: Executor, orderId: number): Promise<ReturnRow[]> {
  return db.selectFrom('returns').selectAll().where('order_id', '=', orderId).where('status', 'in', ['received', 'refunded']).execute();
}

/** A page of returns, newest first: the customer's own (`userId`), or everyone's; of one status when given. */
export async function listReturns(db: Executor, options: ReturnListQuery & { userId?: number }): Promise<{ rows: ReturnRow[]; nextCursor: string | null }> {
  const limit = options.limit ?? RETURN_PAGE_SIZE.default;
  let query = db.selectFrom('returns').selectAll().orderBy('id', 'desc').limit(limit + 1);
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  if (options.status) query = query.where('status', '=', options.status);
  if (options.cursor) {
    const key = decodeCursor('newest', options.cursor);
    if (!key) throw badRequest(fieldMessages.cursorInvalid, { cursor: fieldMessages.cursorInvalid });
    query = query.where('id', '<', key[1]);
  }
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor('newest', [last.id, last.id]) : null };
}

/** What a move of a return may write besides its status. */
export type ReturnChanges = Partial<Pick<ReturnRow, 'reject_reason' | 'refund_shipping' | 'received_at' | 'refund_cents' | 'refund_tax_cents' | 'refund_shipping_cents'>>;

/**
 * Moves a return to `to` if its status allows it (src/shared/returns.ts), else 409. The update is
 * conditional on the status it was read with, so of two racing moves one wins; the loser gets 409 too.
 */
export async function moveReturn(db: Executor, from: ReturnRow, to: ReturnStatus, changes: ReturnChanges = {}): Promise<ReturnRow> {
  const refused = () => conflict('illegal_transition', returnMessages.illegalMove(from.status, to));
  if (!canMoveReturn(from.status, to)) throw refused();
  const moved = await db
    .updateTable('returns')
    .set({ status: to, updated_at: now(), ...changes })
    .where('id', '=', from.id)
    .where('status', '=', from.status)
    .returningAll()
    .executeTakeFirst();
  if (!moved) throw refused();
  return moved;
}

/** What came back of each line of a received return. */
export async function recordReceivedLines(
  db: Executor,
  returnId: number,
  lines: readonly { orderLineId: number; reason: ReturnReason; received: number; damaged: number }[],
): Promise<void> {
  for (const line of lines) {
    await db
      .updateTable('return_lines')
      .set({ received_quantity: line.received, damaged_quantity: line.damaged })
      .where('return_id', '=', returnId)
      .where('order_line_id', '=', line.orderLineId)
      .where('reason', '=', line.reason)
      .execute();
  }
}

/** Returns on the wire, each with its lines' parts (as ordered) and its refund once refunded (a bounded number of queries for all of them). */
export async function returnDtos(db: Executor, rows: readonly ReturnRow[]): Promise<Return[]> {
  const ids = rows.map((row) => row.id);
  const lines = await linesOfReturns(db, ids);
  const orderLines = await linesOfOrders(db, [...new Set(rows.map((row) => row.order_id))]);
  const partOf = new Map([...orderLines.values()].flat().map((line) => [line.id, line]));
  const refunds = await refundsOfReturns(db, ids);
  return rows.map((row) => {
    const refund = refunds.get(row.id);
    return {
      id: String(row.id),
      number: formatReturnNumber(row.id),
      orderId: String(row.order_id),
      orderNumber: formatOrderNumber(row.order_id),
      status: row.status,
      lines: (lines.get(row.id) ?? []).map((line) => ({
        productId: String(line.product_id),
        sku: partOf.get(line.order_line_id)?.product_sku ?? '',
        product: partOf.get(line.order_line_id)?.product_name ?? '',
        quantity: line.quantity,
        reason: line.reason,
        vehicleId: line.vehicle_id === null ? null : String(line.vehicle_id),
        vehicle: line.vehicle_label,
        fitsByOurData: line.fits_by_our_data === null ? null : line.fits_by_our_data === 1,
        receivedQuantity: line.received_quantity,
        damagedQuantity: line.damaged_quantity,
      })),
      note: row.note,
      rejectReason: row.reject_reason,
      refund: refund ? { amount: centsToDollars(refund.amountCents), creditNote: formatCreditNoteNumber(refund.creditNoteNumber) } : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
}

export async function returnDto(db: Executor, row: ReturnRow): Promise<Return> {
  const [dto] = await returnDtos(db, [row]);
  return dto!;
}

/** The facts of a return the buyer's e-mails tell: its number, its order, its parts and why. */
async function mailFactsOf(db: Executor, row: ReturnRow) {
  const order = (await findOrder(db, row.order_id))!;
  const dto = await returnDto(db, row);
  return {
    to: order.email,
    facts: {
      returnNumber: dto.number,
      orderId: String(row.order_id),
      customerName: order.customer_name,
      lines: dto.lines.map((line) => ({ sku: line.sku, product: line.product, quantity: line.quantity, reason: line.reason })),
      rejectReason: row.reject_reason,
    },
  };
}

/** An admin approves a requested return: the buyer is told to send the parts. */
export async function approveReturn(db: Executor, id: number): Promise<ReturnRow> {
  return db.transaction().execute(async (trx) => {
    const approved = await moveReturn(trx, await getReturn(trx, id), 'approved');
    const { to, facts } = await mailFactsOf(trx, approved);
    await enqueueMail(trx, { kind: 'return-approved', to, data: facts });
    return approved;
  });
}

/** An admin rejects a requested return, saying why: the buyer is told so. Its units may be asked for again. */
export async function rejectReturn(db: Executor, id: number, reason: string): Promise<ReturnRow> {
  return db.transaction().execute(async (trx) => {
    const rejected = await moveReturn(trx, await getReturn(trx, id), 'rejected', { reject_reason: reason });
    const { to, facts } = await mailFactsOf(trx, rejected);
    await enqueueMail(trx, { kind: 'return-rejected', to, data: facts });
    return rejected;
  });
}

/** Returns waiting on staff: to approve or reject, or approved with the parts not yet received. */
const RETURNS_TO_HANDLE: readonly ReturnStatus[] = ['requested', 'approved'];

/** How many returns wait on staff (the staff home). */
export async function countReturnsToHandle(db: Executor): Promise<number> {
  const row = await db.selectFrom('returns').where('status', 'in', RETURNS_TO_HANDLE).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
