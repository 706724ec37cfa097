/** An order's history: one row per status change, and per refund (its status stays). */
import type { Insertable } from 'kysely';
import type { OrderActor, OrderStatus } from '../../shared/order-status.js';
import { type Executor, now, type OrderEventsTable } from '../db/schema.js';
import type { Viewer } from '../http/access.js';

/** Who changed an order: a customer or admin (as they were named then), the payment provider, or the shop. */
export interface ChangedBy {
  actor: OrderActor;
  user: Pick<Viewer, 'id' | 'name' | 'email'> | null;
}

type OrderEventValues = Required<Omit<Insertable<OrderEventsTable>, 'id'>>;
type ActorColumns = Pick<OrderEventValues, 'actor' | 'actor_user_id' | 'actor_name' | 'actor_email'>;

/** Who changed an order, as its history's columns keep them. */
function actorColumns(by: ChangedBy): ActorColumns {
  return { actor: by.actor, actor_user_id: by.user?.id ?? null, actor_name: by.user?.name ?? null, actor_email: by.user?.email ?? null };
}

/** A line of the order's history: a move from one status to another, or (`refundId`, from = to) a refund. */
export async function recordOrderEvent(
  db: Executor,
  orderId: number,
  from: OrderStatus | null,
  to: OrderStatus,
  by: ChangedBy,
  at = now(),
  refundId: number | null = null,
) {
  const event: OrderEventValues = { order_id: orderId, from_status: from, to_status: to, ...actorColumns(by), created_at: at, updated_at: at, refund_id: refundId };
  await db.insertInto('order_events').values(event).execute();
}
