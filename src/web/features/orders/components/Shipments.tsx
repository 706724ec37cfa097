import type { Order, Shipment } from '../../../../shared/api.js';
import { shipmentMessages as text } from '../../../../shared/messages.js';
import { messages } from '../../../../shared/messages.js';
import { formatDateTime } from '../../../lib/format-date.js';

/**
 * Each parcel of an order, oldest first: its number and carrier, its tracking number (a link to the
 * carrier's tracking page when there is one), when it left and which units of which parts it carries.
 */
export function ShipmentList({ order }: { order: Order }) {
  if (order.shipments.length === 0) return <p className="text-slate-700">{messages.ui.orderPage.noShipments}</p>;
  const partOf = new Map(order.lines.map((line) => [line.productId, line]));
  return (
    <ul className="space-y-3" aria-label={text.shipmentsCaption(order.number)}>
      {order.shipments.map((shipment) => (
        <li key={shipment.id} data-testid={`shipment-${shipment.id}`} className="text-sm text-slate-800">
          <p className="font-semibold text-slate-900">{text.shipmentHeading(shipment.number, shipment.carrier)}</p>
          <Tracking shipment={shipment} />
          <time dateTime={shipment.shippedAt} className="block text-slate-700">
            {messages.ui.orderPage.shipped(formatDateTime(shipment.shippedAt))}
          </time>
          <ul className="mt-1 text-xs">
            {shipment.lines.map((line) => {
              const part = partOf.get(line.productId);
              return <li key={line.productId}>{text.unitsOf(line.quantity, part?.sku ?? '', part?.product ?? '')}</li>;
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function Tracking({ shipment }: { shipment: Shipment }) {
  if (!shipment.trackingNumber && !shipment.trackingUrl) return <p className="text-slate-700">{text.noTracking}</p>;
  const label = text.tracking(shipment.trackingNumber || shipment.trackingUrl!);
  return shipment.trackingUrl ? (
    <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
      {label}
    </a>
  ) : (
    <p>{label}</p>
  );
}
