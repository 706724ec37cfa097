/**
 * Security headers and CORS. The Content-Security-Policy allows only our own origin, plus Stripe's
 * script, frames and API when Stripe is the payment provider; images may come from the admin's
 * http(s) links. The headers are Helmet's defaults, computed once at start (@fastify/helmet rebuilds
 * them on every request, which cost a measurable share of a cached catalog answer); API answers get a
 * shorter set. CORS is closed unless CORS_ORIGINS names the origins that may call the API.
 */
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { closeUnfinishedBodiesInTime } from './unfinished-bodies.js';

/**
 * API answers (JSON, CSV, PDFs, uploaded images) are never rendered as a page, so they carry the headers
 * OWASP's REST security cheat sheet lists for APIs instead of Helmet's page set: about 150 bytes instead
 * of 700 on every answer, a measurable share of a cached catalog read (docs/performance.md).
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The interactive API docs are pages; everything else under /api/ is data. */
function isApiAnswer(url: string) {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

export function contentSecurityPolicy(stripe: boolean): string {
  const stripeFrames = ['https://js.stripe.com', 'https://hooks.stripe.com'];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'https:', 'http:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    'frame-src': stripe ? stripeFrames : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const documentHeaders = {
    'content-security-policy': contentSecurityPolicy(config.payments.kind === 'stripe'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  const hsts = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? API_HEADERS : documentHeaders);
    // HSTS only means something over https (directly, or X-Forwarded-Proto from the load balancer).
    if (request.protocol === 'https') reply.headers(hsts);
    done();
  });

  closeUnfinishedBodiesInTime(app, config.requestTimeoutMs);

  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      credentials: false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'if-none-match'],
    });
  }
}
