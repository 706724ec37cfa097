import { describe, expect, it } from 'vitest';
import { formatWeight } from './catalog.js';
import { pcdbIdOfPosition, positionNamed, positionOfPcdbId } from './fitment.js';
import { centsToDollars, dollarsToCents, formatDollars, hasAtMostTwoDecimals, MAX_ORDER_TOTAL_CENTS, orderTotalCents } from './money.js';
import { canTransition, isPaid, ORDER_ACTORS, ORDER_STATUSES } from './order-status.js';
import { emailSchema } from './schemas.js';
import { productInputSchema } from './product-schemas.js';
import { NEW_ADDRESS, orderFormSchema } from './checkout-schemas.js';
import { quantityError } from './quantity.js';
import { canBeOrdered } from './stock.js';

describe('e-mail rule', () => {
  it.each(['a@b.co', 'first.last@example.com', 'a+tag@sub.example.co.uk', 'x@example.photography', 'MiXeD@Example.COM'])(
    'accepts %s (lower-cased)',
    (email) => {
      expect(emailSchema.parse(email)).toBe(email.toLowerCase());
    },
  );
  it.each(['', 'plain', 'a@b', 'a@b.c', 'a b@example.com', '@example.com', 'a@.example.com'])('rejects %j', (email) => {
    const result = emailSchema.safeParse(email);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(email === '' ? 'Email is required' : 'Provide an Email');
  });
});

describe('quantity rule', () => {
  const bounds = { min: 100, stock: 1250 };
  it("uses the original storefront's messages at both ends (docs/legacy-contract.md#quantity)", () => {
    expect(quantityError(99, bounds)).toEqual({ code: 'quantity_too_low', message: 'Quantity Must be 100 or higher' });
    expect(quantityError(100, bounds)).toBeNull();
    expect(quantityError(1250, bounds)).toBeNull();
    expect(quantityError(1251, bounds)).toEqual({ code: 'quantity_too_high', message: 'Quantity Must be lower than 1250 ' });
  });
  it('drives the order form schema', () => {
    const schema = orderFormSchema(bounds);
    const messagesFor = (input: object) => schema.safeParse({ ...delivery, ...input }).error?.issues.map((i) => i.message) ?? [];
    const blank = { name: '', company: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US', phone: '' };
    const delivery = { addressChoice: '7', shippingAddress: blank, shippingMethodId: '', vatId: '' };
    expect(messagesFor({ quantity: Number.NaN, phone: '', addressChoice: '' })).toEqual([
      'Quantity is required',
      'Phone Number is required',
      'Address is required',
    ]);
    // A new address left blank is no address at all; one half typed says what is missing, in the shared words.
    expect(messagesFor({ quantity: 500, phone: '5550100', addressChoice: NEW_ADDRESS })).toEqual(['Address is required']);
    expect(messagesFor({ quantity: 500, phone: '5550100', addressChoice: NEW_ADDRESS, shippingAddress: { ...blank, name: 'Dock 4', line1: '1 Main St', city: 'Burlington', region: 'VT', postalCode: '5401' } })).toEqual([
      'A US ZIP code is 5 digits, e.g. 05401 (or ZIP+4, e.g. 05401-2345)',
    ]);
    expect(messagesFor({ quantity: 5, phone: '5550100' })).toEqual(['Quantity Must be 100 or higher']);
    expect(schema.parse({ ...delivery, quantity: 500, phone: '5550100', shippingMethodId: 'express' })).toEqual({
      quantity: 500,
      phone: '5550100',
      addressId: 7,
      shippingMethodId: 'express',
      vatId: undefined,
    });
  });
});

describe('whether a part can be ordered at all', () => {
  it('needs stock for the minimum, rounded up to whole packs', () => {
    expect(canBeOrdered({ min: 10, stock: 10 })).toBe(true);
    expect(canBeOrdered({ min: 10, stock: 9 })).toBe(false);
    expect(canBeOrdered({ min: 10, stock: 20, packSize: 24 })).toBe(false);
    expect(canBeOrdered({ min: 10, stock: 24, packSize: 24 })).toBe(true);
    expect(canBeOrdered({ min: 48, stock: 47, packSize: 24 })).toBe(false);
  });
});

describe('product rule', () => {
  const valid = { name: 'Tire', description: 'Round', price: '12.50', stock: '10', min: '2', img: 'https://example.com/t.png' };
  it('turns form text into numbers without cutting decimals', () => {
    expect(productInputSchema.parse(valid)).toMatchObject({ price: 12.5, stock: 10, min: 2 });
    expect(productInputSchema.safeParse({ ...valid, stock: '10.7' }).success).toBe(false);
    expect(productInputSchema.safeParse({ ...valid, price: '1.005' }).success).toBe(false);
    expect(productInputSchema.safeParse({ ...valid, min: '11' }).error?.issues[0]?.path).toEqual(['min']);
  });
});

describe('money', () => {
  it('keeps cents exact', () => {
    expect(dollarsToCents(12.99)).toBe(1299);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(orderTotalCents(1299, 3))).toBe(38.97);
    expect(hasAtMostTwoDecimals(19.99)).toBe(true);
    expect(hasAtMostTwoDecimals(19.999)).toBe(false);
  });

  it('formats dollars with their cents as en-US Intl.NumberFormat does, from cents up to the largest order', () => {
    const withCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const cents = [0, 1, 5, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 100_000_000 - 1, 100_000_000, 1_234_567_890];
    for (let step = 7; step < MAX_ORDER_TOTAL_CENTS; step = step * 3 + 1) cents.push(step);
    for (const amount of cents.flatMap((c) => (c === 0 ? [0] : [c, -c]))) {
      expect(formatDollars(centsToDollars(amount)), `${amount} cents`).toBe(withCents.format(centsToDollars(amount)));
    }
  });
});

describe('order status table', () => {
  it('allows only the documented moves', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.flatMap((to) =>
        ORDER_ACTORS.filter((actor) => canTransition(from, to, actor)).map((actor) => `${from}→${to} by ${actor}`),
      ),
    );
    expect(allowed.sort()).toEqual(
      [
        'not paid→cancelled by admin',
        'not paid→cancelled by customer',
        'not paid→expired by system',
        'not paid→pending by payment',
        'pending→shipped by admin',
        // Shipments (issue 61): a parcel of some units, then the rest.
        'pending→partially shipped by admin',
        'partially shipped→shipped by admin',
        // A paid order that shipped nothing: an admin cancels it, and its charge is refunded (issue 61).
        'pending→cancelled by admin',
        // Trade accounts (issue 63): over its buyer's limit, an admin of the company decides; it may also be cancelled or run out.
        'awaiting approval→not paid by approver',
        'awaiting approval→cancelled by approver',
        'awaiting approval→cancelled by customer',
        'awaiting approval→cancelled by admin',
        'awaiting approval→expired by system',
      ].sort(),
    );
    expect(ORDER_STATUSES.filter(isPaid)).toEqual(['pending', 'partially shipped', 'shipped']);
  });
});

describe('weight as buyers read it', () => {
  it('gives grams below a kilogram and kilograms to ten grams from there', () => {
    expect(formatWeight(350)).toBe('350 g');
    expect(formatWeight(1000)).toBe('1 kg');
    expect(formatWeight(1200)).toBe('1.2 kg');
    expect(formatWeight(12_345)).toBe('12.35 kg');
  });
});

describe('PCdb positions', () => {
  it('names the common position ids, keeps any other id, and reads both back', () => {
    expect(positionOfPcdbId(12)).toBe('Front Left');
    expect(positionOfPcdbId(4321)).toBe('Position 4321');
    expect(pcdbIdOfPosition('Front Left')).toBe(12);
    expect(pcdbIdOfPosition('Position 4321')).toBe(4321);
    expect(pcdbIdOfPosition('')).toBeUndefined();
    expect(positionNamed('front left')).toBe('Front Left');
    expect(positionNamed('position 4321')).toBe('Position 4321');
    expect(positionNamed('sideways')).toBeUndefined();
  });
});
