/**
 * The checkout's screen text (issue 60): the address picker and form, the delivery and total panel. Apart
 * from messages.ts so that the home page's entry chunk does not carry it (only the order pages load it).
 */
export const checkoutCopy = {
  newAddress: 'A new address',
  defaultAddress: 'default',
  fields: {
    name: 'Recipient name',
    company: 'Company (optional)',
    line1: 'Street and number',
    line2: 'Address line 2 (optional)',
    city: 'City',
    region: 'State or region',
    chooseRegion: 'Choose…',
    postalCode: 'Postal code',
    country: 'Country',
    phone: 'Phone at the address (optional)',
  },
  delivery: 'Delivery and total',
  enterDestination: 'Choose or enter the delivery address and a valid quantity to see shipping, tax and the total.',
  pricing: 'Pricing shipping and tax',
  method: 'Shipping method',
  methodLabel: (name: string, price: string, minDays: number, maxDays: number) =>
    `${name}: ${price}, ${minDays === maxDays ? `${minDays}` : `${minDays}–${maxDays}`} business days`,
  subtotal: 'Goods subtotal',
  shipping: 'Shipping',
  taxLine: (name: string, rate: string) => `${name} (${rate} %)`,
  noTax: 'Tax',
  total: 'Total',
  reverseCharge: 'Reverse charge: no VAT is charged; you account for it in your country (EU B2B, your VAT ID).',
  taxExempt: 'No tax: your exemption certificate is on file.',
  vatId: 'VAT ID (optional, EU businesses)',
  vatIdHint: 'With a valid VAT ID of the destination country, EU VAT is reverse-charged.',
  quoteFailed: 'Shipping and tax could not be priced just now. Please try again.',
} as const;
