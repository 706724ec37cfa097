/**
 * The words of trade accounts (issue 63): validation and error messages the server sends and the browser
 * shows. Kept apart from messages.ts so the storefront's first page does not carry them.
 */
export const companyMessages = {
  nameRequired: 'Company name is required',
  spendingLimitInvalid: 'Spending limit must be a positive amount in dollars, up to two decimals',
  decisionInvalid: "Status must be 'approved' or 'declined'",
  declineReasonRequired: 'Please give a reason',
  roleInvalid: "Role must be 'admin' or 'buyer'",
  invitationInvalid: 'This invitation link is not valid',
  nothingToChange: 'Nothing to change: give a role or a spending limit',
  priceListIdInvalid: 'A price list id is 1–40 lowercase letters, digits and dashes',
  dayInvalid: 'Must be a calendar day (YYYY-MM-DD)',
  priceInvalid: 'Price must be a positive amount in dollars, up to two decimals',
  minQuantityInvalid: 'Minimum quantity must be a whole number of at least 1',
  priceListNameRequired: 'Price list name is required',
  discountInvalid: 'Discount must be a percentage from 0 to 99.99, up to two decimals',
  validToBeforeFrom: 'Valid to must not be before valid from',
  priceRepeated: 'This part already has a price from this quantity',
} as const;
