import type { AuthResponse, ContactMessage, Order, Product, Review, Shipment } from '../../shared/api.js';
import type { Return } from '../../shared/returns-api.js';
import { customer } from './render.js';

/** A catalog product: 'Brake Pads' (BR-2040, Brakes), 10 to 100 units at $12.50. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: '7',
    name: 'Brake Pads',
    img: '/images/products/brake-pads.svg',
    description: 'Ceramic brake pads',
    min: 10,
    stock: 100,
    price: 12.5,
    sku: 'BR-2040',
    category: { slug: 'brakes', name: 'Brakes' },
    specs: [{ name: 'Material', value: 'Ceramic' }],
    active: true,
    numbers: [{ type: 'oe', brand: 'Toyota', number: '04465-02220' }],
    priceBreaks: [],
    packSize: 1,
    weightGrams: 0,
    reorderThreshold: null,
    taxClass: 'standard',
    coreCharge: 0,
    rating: { average: null, count: 0 },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A review by the test customer, as the server answers it (e-mail masked). */
export function aReview(overrides: Partial<Review> = {}): Review {
  return {
    _id: '1',
    name: customer.name,
    email: 'c***@partsmith.example',
    rating: '5',
    comment: 'Good parts.',
    hidden: false,
    status: 'published',
    createdAt: '2030-06-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An unread, unanswered message from the contact form. */
export function aContactMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    _id: '1',
    email: 'buyer@garage.com',
    message: 'Do you ship to Norway?',
    createdAt: '2030-06-01T10:00:00.000Z',
    read: false,
    repliedAt: null,
    ...overrides,
  };
}

/** A login's or registration's answer for the test customer. */
export const signedIn: AuthResponse = { token: 'tok-customer', user: customer };

/** An unpaid order of the test customer: 120 units of Brake Pads at $12.50 (total $1,500). */
export function unpaidOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: '7',
    number: 'ORD-000007',
    name: customer.name,
    email: customer.email,
    quantity: 120,
    contact: '+1 555 0100',
    address: '1 Main Street, Springfield',
    productId: '3',
    product: 'Brake Pads',
    sku: 'BR-2040',
    price: 12.5,
    total: 1500,
    subtotal: 1500,
    coreDeposit: 0,
    shipping: 0,
    tax: 0,
    taxLines: [],
    shippingAddress: null,
    shippingMethod: null,
    reverseCharge: false,
    vatId: null,
    taxExempt: false,
    lines: [{ productId: '3', sku: 'BR-2040', product: 'Brake Pads', quantity: 120, unitPrice: 12.5, listPrice: 12.5, lineTotal: 1500, coreCharge: 0, shippedQuantity: 0, returnedQuantity: 0 }],
    poNumber: '',
    invoiceNumber: null,
    status: 'not paid',
    companyId: null,
    declineReason: null,
    paid: false,
    transactionId: null,
    // Held a day, as a shop with UNPAID_ORDER_TTL=24h holds it.
    heldUntil: '2030-06-02T10:00:00.000Z',
    shipments: [],
    refunds: [],
    refunded: 0,
    createdAt: '2030-06-01T10:00:00.000Z',
    updatedAt: '2030-06-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * The unpaid order shipped by Ground to Burlington, VT: goods $1,500.00, shipping $11.00, VT Sales Tax 6% of the
 * goods = $90.00, Local Option 1% of goods and shipping (1% of $1,511.00) = $15.11; tax $105.11, total $1,616.11.
 */
export function vermontOrder(overrides: Partial<Order> = {}): Order {
  return unpaidOrder({
    address: 'Acme Ltd, 12 Main St, Unit 4, Burlington, VT 05401, US',
    shipping: 11,
    tax: 105.11,
    total: 1616.11,
    taxLines: [
      { name: 'VT Sales Tax', rate: 6, amount: 90 },
      { name: 'Local Option', rate: 1, amount: 15.11 },
    ],
    shippingAddress: {
      name: 'Jane Buyer',
      company: 'Acme Ltd',
      line1: '12 Main St',
      line2: 'Unit 4',
      city: 'Burlington',
      region: 'VT',
      postalCode: '05401',
      country: 'US',
      phone: '+1 555 0100',
    },
    shippingMethod: { id: 'us-ground', name: 'Ground' },
    ...overrides,
  });
}

/** The vermontOrder's charges as every order view reads them, row by row (label and amount). */
export const VERMONT_CHARGES = [
  'Subtotal$1,500.00',
  'Shipping (Ground)$11.00',
  'VT Sales Tax (6%)$90.00',
  'Local Option (1%)$15.11',
  'Tax total$105.11',
  'Total$1,616.11',
];

export function paidOrder(transactionId: string, overrides: Partial<Order> = {}): Order {
  return unpaidOrder({ status: 'pending', paid: true, transactionId, heldUntil: null, invoiceNumber: 'INV-000007', ...overrides });
}

/** A parcel of 50 Brake Pads (product 3) by UPS, with the carrier's tracking link. */
export function aShipment(overrides: Partial<Shipment> = {}): Shipment {
  return {
    id: '3',
    number: 'SHP-000003',
    lines: [{ productId: '3', quantity: 50 }],
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    shippedAt: '2030-06-03T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * A return on order ORD-000007 (issue 61), as asked for: 2 Headlights (LT-4410) that did not fit the buyer's
 * 2015 Toyota Corolla LE though our data says they do, and the old unit (core) of 1 Alternator (EL-2210).
 */
export function aReturn(overrides: Partial<Return> = {}): Return {
  return {
    id: '42',
    number: 'RMA-000042',
    orderId: '7',
    orderNumber: 'ORD-000007',
    status: 'requested',
    lines: [
      { productId: '3', sku: 'LT-4410', product: 'Headlight', quantity: 2, reason: 'doesnt_fit', vehicleId: '1', vehicle: '2015 Toyota Corolla LE 1.8L I4', fitsByOurData: true, receivedQuantity: 0, damagedQuantity: 0 },
      { productId: '5', sku: 'EL-2210', product: 'Alternator', quantity: 1, reason: 'core', vehicleId: null, vehicle: null, fitsByOurData: null, receivedQuantity: 0, damagedQuantity: 0 },
    ],
    note: '',
    rejectReason: null,
    refund: null,
    createdAt: '2030-06-10T10:00:00.000Z',
    updatedAt: '2030-06-10T10:00:00.000Z',
    ...overrides,
  };
}

/** The paid order of 120 Brake Pads with 50 of them shipped (aShipment): 120 − 50 = 70 left to ship. */
export function partlyShippedOrder(overrides: Partial<Order> = {}): Order {
  const order = paidOrder('pi_partly', { status: 'partially shipped', shipments: [aShipment()] });
  return { ...order, lines: [{ ...order.lines[0]!, shippedQuantity: 50 }], ...overrides };
}

/** A promise to resolve later: holds a mocked call back to see what the page shows meanwhile. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
