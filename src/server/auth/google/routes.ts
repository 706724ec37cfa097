/**
 * "Continue with Google": OpenID Connect authorization-code flow with PKCE, state and nonce, run by the
 * server (the browser never sees the client secret or a provider token).
 *
 *   browser ──GET /api/auth/google/start?returnTo=/path──▶ 302 to the provider (state cookie set)
 *   provider ──302──▶ GET /api/auth/google/callback?code&state
 *        ──▶ 302 /login#google=<one-time code>        or  302 /login#googleError=<message>
 *   browser ──POST /api/auth/google/exchange { code }──▶ { token, user, returnTo }
 *
 * Stateless servers: the started sign-in (state hash, nonce, PKCE verifier, returnTo) and the one-time
 * code (hash) live in the database, single use. The `state` is also put in a short-lived HttpOnly cookie
 * on the callback path, so a callback only completes in the browser that started it. The one-time code
 * goes the same way: the callback also puts it in an HttpOnly cookie on the exchange path, and the
 * exchange takes a code only with that cookie. A `/login#google=<code>` link someone stopped their own
 * sign-in at and sent to another browser is refused there, so nobody can be signed in to someone
 * else's account (login CSRF), at the callback or at the exchange.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { googleExchangeAnswerSchema, googleStatusSchema } from '../../../shared/api.js';
import { googleExchangeRequestSchema } from '../../../shared/schemas.js';
import { typed, type AppContext } from '../../app-types.js';
import { HttpError } from '../../http/errors.js';
import { getUserById, toUserDto } from '../../users/service.js';
import { createSession } from '../sessions.js';
import { findOrCreateAccount } from './accounts.js';
import { errorMessages, type GoogleFailure } from '../../../shared/messages.js';
import { OidcClient } from './oidc.js';
import { sanitiseReturnTo } from './return-to.js';
import { EXCHANGE_CODE_TTL_MS, exchangeCodeIsLive, issueExchangeCode, savePendingSignIn, STATE_TTL_MS, takeExchangeCode, takePendingSignIn } from './store.js';

export const STATE_COOKIE = 'partsmith_google_state';
export const CODE_COOKIE = 'partsmith_google_code';
const CALLBACK_PATH = '/api/auth/google/callback';
const EXCHANGE_PATH = '/api/auth/google/exchange';
const tags = ['accounts'];

const notConfigured = () => new HttpError(503, 'google_not_configured', errorMessages.google.notConfigured);
const invalidExchangeCode = () => new HttpError(401, 'google_code_invalid', errorMessages.google.expiredOrTampered);
const otherBrowser = () => new HttpError(401, 'google_other_browser', errorMessages.google.otherBrowser);

const startQuery = z.object({
  returnTo: z.string().optional().describe("A path on this shop to come back to, e.g. '/place-order/3'; anything else means '/'"),
});
const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

function cookie(name: string, path: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${name}=${value}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

const stateCookie = (value: string, maxAgeSeconds: number, secure: boolean) => cookie(STATE_COOKIE, CALLBACK_PATH, value, maxAgeSeconds, secure);
const codeCookie = (value: string, maxAgeSeconds: number, secure: boolean) => cookie(CODE_COOKIE, EXCHANGE_PATH, value, maxAgeSeconds, secure);

/** A top-level navigation answer: never cached, never leaks the URL (code, state) as a referrer. */
function navigate(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
}

export const loginFailureLocation = (failure: GoogleFailure) =>
  `/login#googleError=${encodeURIComponent(errorMessages.google[failure])}`;

export async function googleRoutes(app: FastifyInstance, { db: { kysely: db }, config }: AppContext) {
  const api = typed(app);
  const google = config.google;
  const oidc = google ? new OidcClient(google) : undefined;
  const secureCookie = google ? new URL(google.publicUrl).protocol === 'https:' : false;
  const rateLimit = { max: config.loginRateLimitPerMinute, timeWindow: 60_000 };

  api.get(
    '/api/auth/google/status',
    { config: { access: 'public' }, schema: { tags, response: { 200: googleStatusSchema } } },
    async () => ({ configured: Boolean(oidc) }),
  );

  api.get(
    '/api/auth/google/start',
    {
      config: { access: 'public', rateLimit },
      attachValidation: true,
      schema: { tags, querystring: startQuery },
    },
    async (request, reply) => {
      if (!oidc) throw notConfigured();
      const returnTo = request.validationError ? '/' : sanitiseReturnTo(request.query.returnTo);
      try {
        const authorization = await oidc.authorizationRequest();
        await savePendingSignIn(db, authorization.state, {
          nonce: authorization.nonce,
          codeVerifier: authorization.codeVerifier,
          returnTo,
        });
        reply.header('set-cookie', stateCookie(authorization.state, STATE_TTL_MS / 1000, secureCookie));
        return navigate(reply, authorization.url.href);
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in could not start (provider discovery or database)');
        return navigate(reply, loginFailureLocation('failed'));
      }
    },
  );

  api.get(
    CALLBACK_PATH,
    {
      config: { access: 'public' },
      attachValidation: true,
      schema: { tags, querystring: callbackQuery },
    },
    async (request, reply) => {
      reply.header('set-cookie', stateCookie('', 0, secureCookie));
      const fail = (failure: GoogleFailure, reason: string, error?: unknown) => {
        request.log.warn({ err: error, failure }, `Google sign-in refused: ${reason}`);
        return navigate(reply, loginFailureLocation(failure));
      };
      if (!oidc) return fail('failed', 'Google sign-in is not configured');
      if (request.validationError) return fail('expiredOrTampered', 'malformed callback query', request.validationError);

      try {
        const { code, state, error } = request.query;
        // Taken (deleted) first, whatever happens next: a state is good for one callback only.
        const pending = state ? await takePendingSignIn(db, state) : undefined;
        if (error) {
          return error === 'access_denied'
            ? fail('cancelled', 'the user cancelled at the provider')
            : fail('failed', `the provider answered error=${error} (${request.query.error_description ?? ''})`);
        }
        if (!state || !pending) return fail('expiredOrTampered', 'unknown, used or expired state');
        if (readCookie(request, STATE_COOKIE) !== state) {
          return fail(
            'expiredOrTampered',
            'the state cookie is missing or different: the callback came to another browser than the one that started the sign-in, or the shop was not opened at PUBLIC_URL',
          );
        }
        if (!code) return fail('failed', 'no authorization code in the callback');

        let claims;
        try {
          claims = await oidc.redeem(new URL(request.url, 'http://callback.invalid').search, {
            state,
            nonce: pending.nonce,
            codeVerifier: pending.codeVerifier,
          });
        } catch (redeemError) {
          return fail('failed', 'the token request or the ID-token verification failed', redeemError);
        }

        const outcome = await findOrCreateAccount(db, claims);
        if (outcome.kind === 'unverified-email') return fail('unverifiedEmail', 'the e-mail address is not verified');
        if (outcome.kind === 'unusable-claims') return fail('failed', outcome.reason);
        const oneTimeCode = await issueExchangeCode(db, outcome.user.id, pending.returnTo);
        request.log.info({ userId: outcome.user.id, created: outcome.created }, 'Google sign-in');
        reply.header('set-cookie', [stateCookie('', 0, secureCookie), codeCookie(oneTimeCode, EXCHANGE_CODE_TTL_MS / 1000, secureCookie)]);
        return navigate(reply, `/login#google=${oneTimeCode}`);
      } catch (unexpected) {
        return fail('failed', 'unexpected error', unexpected);
      }
    },
  );

  api.post(
    EXCHANGE_PATH,
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        description: 'Only with the code cookie the callback set in the same browser: a code brought from another browser is refused.',
        body: googleExchangeRequestSchema,
        response: { 200: googleExchangeAnswerSchema },
      },
    },
    async (request, reply) => {
      // Checked before the code is taken, so a refused try here does not use up the code of the browser it belongs to.
      // A code that is no longer waiting gets the same answer from any browser.
      if (readCookie(request, CODE_COOKIE) !== request.body.code) {
        throw (await exchangeCodeIsLive(db, request.body.code)) ? otherBrowser() : invalidExchangeCode();
      }
      reply.header('set-cookie', codeCookie('', 0, secureCookie));
      const taken = await takeExchangeCode(db, request.body.code);
      if (!taken) throw invalidExchangeCode();
      const user = await getUserById(db, taken.userId);
      if (user.deleted_at) throw invalidExchangeCode();
      // The session itself, exactly as for a password login.
      const token = await createSession(db, user.id, config.sessionTtlMs);
      return { token, user: toUserDto(user), returnTo: taken.returnTo };
    },
  );
}
