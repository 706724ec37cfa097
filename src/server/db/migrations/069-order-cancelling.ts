import { type Kysely, type Migration } from 'kysely';

/**
 * A paid order being cancelled is held while its refund is asked of the payment provider: `cancelling_at`
 * is set (in its own transaction, on the locked row) before the provider is asked and shipping refuses
 * an order that has it, so no parcel can leave after the money went back. The cancel's transaction moves
 * the order to 'cancelled'; a provider failing clears it.
 */
export function orderCancelling(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('cancelling_at', 'text').execute();
    },
  };
}
