/**
 * The one word of trade accounts (issue 63) the storefront's first page carries: the label before a member's
 * own price on the home grid's cards (and on the product page, the cart, quick order and the quote). In a module
 * of its own: a module the first page imports lands there whole, so the rest of the buyer's copy
 * (trade-buyer-copy.ts) stays in the lazy pages' chunks.
 */
export const yourPriceLabel = 'Your price';
