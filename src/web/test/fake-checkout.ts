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

/** The quote for `body` with every part at `unitPrice` dollars: the method named, or Ground (the cheapest). */
export function fakeQuote(body: QuoteBody, unitPrice: number) {
  const method = FAKE_METHODS.find((offer) => offer.id === body.shippingMethodId) ?? FAKE_METHODS[0]!;
  const lines = body.lines.map(({ productId, quantity }) => ({ productId: String(productId), quantity, unitPrice, lineTotal: centsToDollars(dollarsToCents(unitPrice) * quantity) }));
  const subtotalCents = lines.reduce((sum, line) => sum + dollarsToCents(line.lineTotal), 0);
  const taxCents = percentOfCents(subtotalCents + dollarsToCents(method.price), 6);
  return {
    lines,
    subtotal: centsToDollars(subtotalCents),
    weightGrams: 3000,
    methods: FAKE_METHODS,
    shippingMethodId: method.id,
    shipping: method.price,
    taxLines: [{ name: 'Vermont sales tax', rate: 6, amount: centsToDollars(taxCents) }],
    tax: centsToDollars(taxCents),
    total: centsToDollars(subtotalCents + dollarsToCents(method.price) + taxCents),
    reverseCharge: false,
    taxExempt: false,
  };
}

/** The address book (`addresses`) and the quote, or undefined for any other call. */
export function checkoutAnswer(url: string, init: RequestInit, { addresses = [savedAddress], unitPrice = 12.5 } = {}): FakeAnswer | undefined {
  if (url === '/api/addresses' && (init.method ?? 'GET') === 'GET') return { status: 200, body: addresses };
  if (url === '/api/checkout/quote') return { status: 200, body: fakeQuote(JSON.parse(String(init.body)) as QuoteBody, unitPrice) };
  return undefined;
}
