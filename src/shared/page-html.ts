/**
 * The storefront's HTML around the app: index.html as Vite builds it, and the pages rendered into it at
 * build time (src/web/app/prerender.tsx, served by the server as they are).
 */

/** The pages whose first view is the same for every visitor: their HTML carries it (prerender.tsx). */
export const PRERENDERED_PAGES = ['/', '/allProducts', '/blogs', '/portfolio', '/about', '/terms', '/privacy', '/shipping', '/returns'] as const;

/** Where a prerendered page's HTML is written in the built storefront. */
export const prerenderedFile = (path: string) => `pages/${path === '/' ? 'index' : path.slice(1)}.html`;

/**
 * index.html for every page but the home page: the links marked `data-home-only` (the hero picture's
 * preload) left out, so that another page's first requests do not share the network with a picture it
 * never shows.
 */
export const withoutHomeOnlyLinks = (indexHtml: string) => indexHtml.replace(/\n?[ \t]*<link\b[^>]*\bdata-home-only\b[^>]*>/g, '');

/** A page's HTML: index.html (as the page needs it) with the page's title and its rendered body in the root. */
export function pageHtml(indexHtml: string, path: string, page: { title: string; body: string }): string {
  const html = path === '/' ? indexHtml : withoutHomeOnlyLinks(indexHtml);
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`).replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`);
}
