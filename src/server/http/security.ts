/**
 * Security headers and CORS. The Content-Security-Policy allows only our own origin, plus Stripe's
 * script, frames and API when Stripe is the payment provider; images may come from the admin's
 * http(s) links. CORS is closed unless CORS_ORIGINS names the origins that may call the API.
 */
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const stripe = config.payments.kind === 'stripe';
  const stripeFrames = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: stripeFrames.length ? stripeFrames : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only makes sense over https; it is added per request below.
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  await app.register(fastifyCors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'if-none-match'],
  });
}
