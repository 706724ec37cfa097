/**
 * index.html for every page but the home page: the links marked `data-home-only` (the hero picture's
 * preload) left out, so that another page's first requests do not share the network with a picture it
 * never shows.
 */
export const withoutHomeOnlyLinks = (indexHtml: string) => indexHtml.replace(/\n?[ \t]*<link\b[^>]*\bdata-home-only\b[^>]*>/g, '');
