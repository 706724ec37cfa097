/** Addresses of the storefront's pages that both the server and the browser write (a module of its own: the home page loads it). */

/** The public page of a part: its number in the address. */
export const productPath = (sku: string) => `/parts/${encodeURIComponent(sku)}`;
