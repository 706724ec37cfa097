/**
 * The public product page (`/parts/:sku`) is the storefront app like every page, but its HTML already
 * carries the part's title, description and canonical link, so a search engine or a link preview that
 * does not run scripts sees the part, and an unknown number answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { categoryOf, productHead } from '../../shared/catalog.js';
import { productPath } from '../../shared/paths.js';
import type { Executor, ProductRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { getVisibleProductBySku } from './service.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** index.html with the part's head: title, description, canonical link and Open Graph tags. */
export function withProductHead(indexHtml: string, product: ProductRow): string {
  const head = productHead({ ...product, category: categoryOf(product.category) });
  const tags = [
    `<link rel="canonical" href="${escapeHtml(productPath(product.sku))}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:image" content="${escapeHtml(product.img)}" />`,
  ].join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>\n    ${tags}`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(head.description)}" />`);
}

export function productPageRoute(app: FastifyInstance, db: Executor, indexHtml: string): void {
  app.get<{ Params: { sku: string } }>('/parts/:sku', async (request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    try {
      return withProductHead(indexHtml, await getVisibleProductBySku(db, request.params.sku));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return reply.status(404).send(indexHtml);
      throw error;
    }
  });
}
