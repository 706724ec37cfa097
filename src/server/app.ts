/** Builds the HTTP app: plugins, access control, every domain's routes. No listen: tests inject. */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { errorMessages } from '../shared/messages.js';
import { PRERENDERED_PAGES, prerenderedFile, withoutHomeOnlyLinks } from '../shared/page-html.js';
import { errorResponseSchema, healthSchema } from '../shared/api.js';
import { type AppContext, typed } from './app-types.js';
import { googleRoutes } from './auth/google/routes.js';
import { auditRoutes } from './audit/routes.js';
import { authRoutes } from './auth/routes.js';
import { findViewer } from './auth/sessions.js';
import { productPageRoute } from './catalog/product-page.js';
import { cartRoutes } from './cart/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { contactRoutes } from './contact/routes.js';
import { fitmentRoutes } from './fitment/routes.js';
import { flowRoutes } from './flows/routes.js';
import { tellWaitingBuyers } from './flows/stock-alerts.js';
import { listTransferRoutes } from './flows/list-transfer.js';
import { listsRoutes } from './lists/routes.js';
import { bearerToken, keepPrivateAnswersPrivate, registerAccessControl } from './http/access.js';
import { HttpError, registerErrorHandling } from './http/errors.js';
import { refuseNulCharacters } from './http/input-guard.js';
import { OneLinePerRequest } from './http/request-log.js';
import { rateLimitStore } from './http/rate-limit-store.js';
import { ResponseCache } from './http/response-cache.js';
import { countersFor } from './limits/service.js';
import { mailRoutes } from './mail/routes.js';
import { mediaRoutes } from './media/routes.js';
import { registerSecurity } from './http/security.js';
import { ordersRoutes } from './orders/routes.js';
import { createPaymentProvider } from './payments/index.js';
import { paymentsRoutes } from './payments/routes.js';
import { reviewsRoutes } from './reviews/routes.js';
import { usersRoutes } from './users/routes.js';
// The checkout (issue 60)
import { addressesRoutes } from './addresses/routes.js';
import { shippingTaxRoutes } from './shipping-tax/routes.js';
import { checkoutRoutes } from './flows/checkout-routes.js';
// After the sale (issue 61)
import { returnsRoutes } from './returns/routes.js';
import { returnsFlowRoutes } from './flows/returns-routes.js';
import { companyOrdersRoutes } from './flows/company-orders-routes.js';
import { fitmentQualityRoutes } from './flows/fitment-quality.js';
// The back office (issue 62)
import { staffHomeRoutes } from './flows/staff-home.js';
// Trade accounts (issue 63)
import { companiesRoutes } from './companies/routes.js';
import { companiesAdminRoutes } from './flows/companies-admin.js';
// Trade accounts (issue 63): price lists, and what a member pays
import { cartPricingFor, memberProductPrices } from './flows/buyer-pricing.js';
import { priceListUsage } from './flows/price-list-usage.js';
import { priceListRoutes } from './price-lists/routes.js';

export async function buildApp(
  { db, config, cache = new ResponseCache(config.publicCacheMs) }: Pick<AppContext, 'db' | 'config'> & { cache?: ResponseCache },
  logger: FastifyServerOptions['logger'] = false,
) {
  const counters = countersFor(db);
  // A member's prices go on the catalog's public answers per request, after the cache (flows/buyer-pricing.ts).
  const memberPrices: AppContext['memberPrices'] = async (request) => {
    const token = bearerToken(request);
    if (!token) return undefined;
    const viewer = request.viewer ?? (await findViewer(db.kysely, token, config.sessionTtlMs));
    return memberProductPrices(db.kysely, viewer, config.shop);
  };
  const context: AppContext = { db, config, cache, counters, payments: await createPaymentProvider(config, db.kysely), afterStockRaised: tellWaitingBuyers, memberPrices, cartPricing: cartPricingFor(config.shop) };
  const app = Fastify({
    logger,
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // A request must arrive whole in time (a client that sends half a body and waits is cut off), and a
    // connection that goes quiet is closed. Node checks pending requests every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: 2 * config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, config.requestTimeoutMs / 2)),
    },
    // Errors Fastify meets before routing (a malformed %-escape, an over-long path segment) get the
    // API's error shape too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      void reply.status(status).send({ error: { code: status === 414 ? 'uri_too_long' : 'bad_request', message: error.message } });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseNulCharacters(app);
  await registerSecurity(app, config);

  await app.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore(counters.hit),
    errorResponseBuilder: () => new HttpError(429, 'rate_limited', errorMessages.tooManyAttempts),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Partsmith shop API', version: '1.0.0', description: 'See docs/api.md for the rules.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline styles; only its own pages get this allowance.
    transformStaticCSP: (header) => header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });

  registerAccessControl(app, (token) => findViewer(db.kysely, token, config.sessionTtlMs));
  keepPrivateAnswersPrivate(app);
  cache.dropChangedGroups(app);

  for (const routes of [authRoutes, usersRoutes, catalogRoutes, fitmentRoutes, ordersRoutes, paymentsRoutes, reviewsRoutes, contactRoutes, auditRoutes, mailRoutes, mediaRoutes, flowRoutes, cartRoutes]) {
    await app.register(routes, context);
  }
  await app.register(googleRoutes, context); // Continue with Google (OpenID Connect)
  // The checkout (issue 60)
  for (const routes of [addressesRoutes, shippingTaxRoutes, checkoutRoutes]) await app.register(routes, context);
  // After the sale (issue 61): returns
  for (const routes of [returnsRoutes, returnsFlowRoutes, fitmentQualityRoutes]) await app.register(routes, context);
  // The back office (issue 62): the staff home
  await app.register(staffHomeRoutes, context);
  // Trade accounts (issue 63): company-owned orders, approved or declined by the company's admins
  await app.register(companyOrdersRoutes, context);
  // Saved parts lists (issue 65); their CSV routes read `text/csv` bodies, in a plugin of their own.
  await app.register(listsRoutes, context);
  await app.register(listTransferRoutes, context);
  // Trade accounts (issue 63): companies, their members and invitations, and the staff's decisions
  for (const routes of [companiesRoutes, companiesAdminRoutes]) await app.register(routes, context);
  // Trade accounts (issue 63): staff price lists (their CSV routes read `text/csv` bodies, in a plugin of their own).
  await app.register(priceListRoutes, { ...context, usage: priceListUsage });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  typed(app).get('/api/health', { config: { access: 'public' }, schema: { tags: ['operations'], response: { 200: healthSchema, 503: errorResponseSchema } } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ok' as const };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ error: { code: 'unavailable', message: errorMessages.databaseUnavailable } });
    }
  });

  const webRoot = resolve(config.webDist);
  const hasWebApp = existsSync(resolve(webRoot, 'index.html'));
  const otherPagesHtml = hasWebApp ? withoutHomeOnlyLinks(readFileSync(resolve(webRoot, 'index.html'), 'utf8')) : '';
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      // build:web writes .br and .gz next to each file; the one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      // Vite puts a content hash in every asset's name, so a browser may keep them for a year; other
      // files (images, favicon) are revalidated.
      setHeaders: (res, path) => {
        const hashed = path.startsWith(resolve(webRoot, 'assets'));
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const sendPage = (file: string) => (_request: FastifyRequest, reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile(file);
    // The pages the build prerendered are sent as built (compressed); any other page gets the bare app.
    const prerendered = PRERENDERED_PAGES.filter((path) => existsSync(resolve(webRoot, prerenderedFile(path))));
    for (const path of prerendered) app.get(path, sendPage(prerenderedFile(path)));
    if (!prerendered.includes('/')) app.get('/', sendPage('index.html'));
    productPageRoute(app, db.kysely, otherPagesHtml);
  }

  // Unknown /api paths and missing files get a 404; with a built storefront, any other page path gets
  // the app, whose router shows its not-found page.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = hasWebApp && !path.startsWith('/api') && !/\.[a-z0-9]+$/i.test(path) && ['GET', 'HEAD'].includes(request.method);
    if (isPage) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(otherPagesHtml);
    return reply.status(404).send({ error: { code: 'not_found', message: errorMessages.notFound('Route') } });
  });
  return app;
}
