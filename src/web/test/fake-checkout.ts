/**
 * The checkout's fake server for component tests: one saved address and a quote priced like the demo shop
 * to 05401, US-VT (Ground $11, Express $32, Vermont sales tax 6 % on goods and shipping).
 */
import type { Address } from '../../shared/checkout-api.js';
import { centsToDollars, dollarsToCents, percentOfCents } from '../../shared/money.js';
import type { FakeAnswer } from './fake-answers.js';

export const savedAddress: Address = {
  id: 11,
  name: 'Casey Customer',
  company: 'Dock 4',
  line1: '1 Main St',
  line2: '',
  city: 'Burlington',
  region: 'VT',
  postalCode: '05401',
  country: 'US',
  phone: '',
  isDefault: true,
};

export const FAKE_METHODS = [
  { id: 'ground', name: 'Ground freight', price: 11, minDays: 3, maxDays: 6 },
  { id: 'express', name: 'Express', price: 32, minDays: 1, maxDays: 2 },
];

interface QuoteBody {
  lines: { productId: string | number; quantity: number }[];
  shippingMethodId?: string;
}

/**
 * The quote for `body` with every part at `unitPrice` dollars and a core deposit of `coreCharge` dollars a
 * unit: the method named, or Ground (the cheapest); the tax on everything at once (the real quote rounds per line).
 */
export function fakeQuote(body: QuoteBody, unitPrice: number, coreCharge = 0) {
  const method = FAKE_METHODS.find((offer) => offer.id === body.shippingMethodId) ?? FAKE_METHODS[0]!;
  const lines = body.lines.map(({ productId, quantity }) => ({
    productId: String(productId),
    quantity,
    unitPrice,
    lineTotal: centsToDollars(dollarsToCents(unitPrice) * quantity),
    coreCharge,
  }));
  const subtotalCents = lines.reduce((sum, line) => sum + dollarsToCents(line.lineTotal), 0);
  const depositCents = lines.reduce((sum, line) => sum + dollarsToCents(coreCharge) * line.quantity, 0);
  const taxCents = percentOfCents(subtotalCents + depositCents + dollarsToCents(method.price), 6);
  return {
    lines,
    subtotal: centsToDollars(subtotalCents),
    coreDeposit: centsToDollars(depositCents),
    weightGrams: 3000,
    methods: FAKE_METHODS,
    shippingMethodId: method.id,
    shipping: method.price,
    taxLines: [{ name: 'Vermont sales tax', rate: 6, amount: centsToDollars(taxCents) }],
    tax: centsToDollars(taxCents),
    total: centsToDollars(subtotalCents + depositCents + dollarsToCents(method.price) + taxCents),
    reverseCharge: false,
    taxExempt: false,
  };
}

/** The address book (`addresses`) and the quote, or undefined for any other call. */
export function checkoutAnswer(url: string, init: RequestInit, { addresses = [savedAddress], unitPrice = 12.5, coreCharge = 0 } = {}): FakeAnswer | undefined {
  if (url === '/api/addresses' && (init.method ?? 'GET') === 'GET') return { status: 200, body: addresses };
  if (url === '/api/checkout/quote') return { status: 200, body: fakeQuote(JSON.parse(String(init.body)) as QuoteBody, unitPrice, coreCharge) };
  return undefined;
}
