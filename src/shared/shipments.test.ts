import { describe, expect, it } from 'vitest';
import { shipmentFormSchema, shipmentRequestSchema } from './schemas.js';
import { statusAfterShipment, trackingUrlFor, unitsLeftToShip } from './shipments.js';

describe('tracking links', () => {
  it("makes each carrier's link from the number (URL-encoded), keeps a link given, and has none for Other without one", () => {
    expect(trackingUrlFor('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrlFor('FedEx', '7712 3456')).toBe('https://www.fedex.com/fedextrack/?trknbr=7712%203456');
    expect(trackingUrlFor('USPS', '9400&1')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%261');
    expect(trackingUrlFor('DHL', 'JD0146')).toBe('https://www.dhl.com/en/express/tracking.html?AWB=JD0146');
    expect(trackingUrlFor('Other', 'F-88')).toBeNull();
    expect(trackingUrlFor('Other', 'F-88', 'https://freight.example/F-88')).toBe('https://freight.example/F-88');
    expect(trackingUrlFor('UPS', '1Z', '')).toBe('https://www.ups.com/track?tracknum=1Z');
  });
});

describe('units left and the status a parcel leaves', () => {
  it('counts what is left over all lines: 10 − 4 + 2 − 0 = 8, then none', () => {
    const partly = [{ quantity: 10, shipped: 4 }, { quantity: 2, shipped: 0 }];
    expect(unitsLeftToShip(partly)).toBe(8);
    expect(statusAfterShipment(partly)).toBe('partially shipped');
    expect(statusAfterShipment([{ quantity: 10, shipped: 10 }, { quantity: 2, shipped: 2 }])).toBe('shipped');
  });
});

describe('the Ship dialog and the request', () => {
  const line = (quantity: string, left = 6) => ({ productId: '3', part: 'HL-1 Headlight', left, quantity });
  it('sends only the lines with units, as numbers', () => {
    const parsed = shipmentFormSchema.parse({ lines: [line('4'), { ...line('0'), productId: '5' }, { ...line(''), productId: '6' }], carrier: 'UPS', trackingNumber: ' 1Z ', trackingUrl: '' });
    expect(parsed).toEqual({ lines: [{ productId: 3, quantity: 4 }], carrier: 'UPS', trackingNumber: '1Z', trackingUrl: '' });
  });
  it('refuses more than is left of a line, no unit at all, and a carrier with tracking pages without a number', () => {
    const issues = (input: unknown) => shipmentFormSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues({ lines: [line('7')], carrier: 'UPS', trackingNumber: '1Z', trackingUrl: '' })).toEqual(['lines.0.quantity: Only 6 units of HL-1 Headlight are left to ship']);
    expect(issues({ lines: [line('0')], carrier: 'Other', trackingNumber: '', trackingUrl: '' })).toEqual(['lines: Ship at least one unit']);
    expect(issues({ lines: [line('1')], carrier: 'DHL', trackingNumber: '', trackingUrl: '' })).toEqual(['trackingNumber: Enter the tracking number']);
  });
  it('takes only web links and each part once', () => {
    const body = { lines: [{ productId: 3, quantity: 1 }], carrier: 'Other', trackingNumber: '' };
    expect(shipmentRequestSchema.safeParse({ ...body, trackingUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(shipmentRequestSchema.safeParse({ ...body, trackingUrl: 'https://freight.example/t' }).success).toBe(true);
    expect(shipmentRequestSchema.safeParse({ ...body, lines: [...body.lines, ...body.lines] }).success).toBe(false);
  });
});
