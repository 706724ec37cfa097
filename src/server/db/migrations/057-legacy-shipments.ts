import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Orders shipped before shipments were recorded (issue 61) shipped every unit at once: migration 055 counted
 * their units as shipped, and this gives each of them that one parcel, as Deliver records one now (carrier
 * 'Other', no tracking), at the time its history says it shipped and by whom, numbered from the shipment
 * sequence in the order they left. So every shipped unit is in a shipment (the invariant the checker holds,
 * system/invariants.ts), and a return's window, which runs from an order's last shipment, has its start.
 */
export function legacyShipments(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`insert into shipments (order_id, number, carrier, tracking_number, tracking_url, shipped_at, shipped_by)
        select id, (select last from shipment_sequence where id = 1) + row_number() over (order by shipped_at, id), 'Other', '', null, shipped_at, shipped_by
        from (
          select o.id,
            coalesce((select max(e.created_at) from order_events e where e.order_id = o.id and e.to_status = 'shipped'), o.updated_at) as shipped_at,
            (select e.actor_user_id from order_events e where e.order_id = o.id and e.to_status = 'shipped' order by e.id desc limit 1) as shipped_by
          from orders o
          where o.status = 'shipped' and not exists (select 1 from shipments s where s.order_id = o.id)
        ) as legacy`.execute(db);
      await sql`insert into shipment_lines (shipment_id, order_line_id, product_id, quantity)
        select s.id, l.id, l.product_id, l.shipped_quantity
        from shipments s join order_lines l on l.order_id = s.order_id
        where l.shipped_quantity > 0 and not exists (select 1 from shipment_lines sl where sl.shipment_id = s.id)`.execute(db);
      await sql`update shipment_sequence set last = (select coalesce(max(number), 0) from shipments) where id = 1`.execute(db);
    },
  };
}
