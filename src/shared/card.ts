/**
 * Card-entry rules for the built-in test processor, worded as Stripe words them, so the card form
 * (browser) and the processor (server) agree. Stripe Elements applies the same checks in production.
 */
export const cardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryMonthInvalid: "Your card's expiration date is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  refundDeclined: "The card's bank declined the refund. Try again in a little bit.",
  refundTooLarge: (amount: string, left: string) => `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
  nothingToRefund: 'This PaymentIntent does not have a successful charge to refund.',
  idempotencyMismatch: (key: string) =>
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
} as const;

export interface CardInput {
  number: string;
  /** "MM / YY" as typed; "MM/YY" and "MMYY" too. */
  expiry: string;
  cvc: string;
}

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = expiry.replace(/\s/g, '').match(/^(\d{2})\/?(\d{2})$/);
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/** The first problem with what was typed, in Stripe's words; null when the card can be sent. */
export function cardEntryError(card: CardInput, today = new Date()): string | null {
  const digits = cardDigits(card.number);
  if (!/^\d*$/.test(digits)) return cardMessages.numberInvalid;
  if (digits.length < 13) return cardMessages.numberIncomplete;
  if (digits.length > 19 || !passesLuhn(digits)) return cardMessages.numberInvalid;
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return cardMessages.expiryIncomplete;
  if (expiry.month < 1 || expiry.month > 12) return cardMessages.expiryMonthInvalid;
  const year = today.getUTCFullYear();
  if (expiry.year < year) return cardMessages.expiryYearPast;
  if (expiry.year === year && expiry.month < today.getUTCMonth() + 1) return cardMessages.expiryPast;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return cardMessages.cvcIncomplete;
  return null;
}

/** Stripe's documented test cards: what each does when charged. Any other number is declined. */
export const TEST_CARD_OUTCOMES: Record<string, string | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '2223003122003222': null,
  '5200828282828210': null,
  '378282246310005': null,
  '6011111111111117': null,
  '4000000000000002': cardMessages.declined,
  '4000000000009995': cardMessages.insufficientFunds,
  '4000000000000069': cardMessages.expiredCard,
  '4000000000000127': cardMessages.incorrectCvc,
  '4000000000000119': cardMessages.processingError,
  '4000000000005126': null,
};

/**
 * Stripe's test card whose refunds fail: the charge succeeds, and the first refund asked for of it is
 * declined (Stripe fails it a little later; the test processor at once, as the shop hears of no refund
 * afterwards); asked again, the refund goes through. How a test makes the provider refuse a refund.
 */
export const REFUND_DECLINING_CARD = '4000000000005126';
