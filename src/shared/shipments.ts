/**
 * Shipments (issue 61): the rules the server and the browser share.
 *
 * The carriers a shipment goes with, and where each lets a buyer follow a parcel: a tracking link made from
 * the tracking number. 'Other' (the shop's own van, a freight forwarder, a pickup) has no template: its
 * link is the one the admin gives, or none.
 */
export const CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL', 'Other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** `{number}` stands for the tracking number, URL-encoded. */
const TRACKING_TEMPLATES: Record<Carrier, string | null> = {
  UPS: 'https://www.ups.com/track?tracknum={number}',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr={number}',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}',
  DHL: 'https://www.dhl.com/en/express/tracking.html?AWB={number}',
  Other: null,
};

/** Whether the carrier has a tracking-link template (then a tracking number is needed). */
export function hasTrackingTemplate(carrier: Carrier): boolean {
  return TRACKING_TEMPLATES[carrier] !== null;
}

/** The link the admin gave, else the carrier's own for this number; null when there is neither. */
export function trackingUrlFor(carrier: Carrier, trackingNumber: string, given?: string | null): string | null {
  if (given) return given;
  const template = TRACKING_TEMPLATES[carrier];
  return template && trackingNumber ? template.replace('{number}', encodeURIComponent(trackingNumber)) : null;
}

/** What Deliver (SPEC's one-click shipping of everything left) records: no carrier named, no tracking. */
export const DELIVERY_WITHOUT_TRACKING = { carrier: 'Other', trackingNumber: '' } as const satisfies { carrier: Carrier; trackingNumber: string };

/** A line's units shipped so far against its units ordered. */
interface ShippedUnits {
  quantity: number;
  shipped: number;
}

/** Units of an order still to ship. */
export function unitsLeftToShip(lines: readonly ShippedUnits[]): number {
  return lines.reduce((left, line) => left + line.quantity - line.shipped, 0);
}

/** Where a shipment takes its paid order: 'shipped' once every unit has gone, else 'partially shipped'. */
export function statusAfterShipment(lines: readonly ShippedUnits[]): 'shipped' | 'partially shipped' {
  return unitsLeftToShip(lines) === 0 ? 'shipped' : 'partially shipped';
}
