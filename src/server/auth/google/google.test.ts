/**
 * "Continue with Google" against a real local OpenID provider (oauth2-mock-server on 127.0.0.1), driven
 * like a browser: /start → the provider's /authorize → /callback → the #google= code → /exchange.
 */
import { createServer } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer, verifyEmailOf } from '../../test/harness.js';
import { hashToken } from '../sessions.js';
import type { GoogleExchangeAnswer } from '../../../shared/api.js';
import { errorMessages } from '../../../shared/messages.js';

const CLIENT_ID = 'partsmith-test-client';
const PUBLIC_URL = 'http://localhost:3000';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/google/callback`;

const errorLocation = (message: string) => `/login#googleError=${encodeURIComponent(message)}`;

/** A local OpenID provider whose next ID token / UserInfo / token response a test can shape. */
class MockProvider {
  readonly server = new OAuth2Server();
  idTokenClaims: Record<string, unknown> = {};
  userInfo: Record<string, unknown> | undefined;
  tamperTokenResponse: ((body: Record<string, unknown>) => void) | undefined;

  async start(port = 0): Promise<string> {
    await this.server.issuer.keys.generate('RS256');
    await this.server.start(port, '127.0.0.1');
    const url = `http://127.0.0.1:${this.server.address().port}`;
    this.server.issuer.url = url;
    // The token endpoint signs an access token (it has a scope) and then the ID token: shape the latter.
    this.server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      if (!('scope' in token.payload)) Object.assign(token.payload, this.idTokenClaims);
    });
    this.server.service.on('beforeUserinfo', (response: { body: unknown }) => {
      if (this.userInfo) response.body = this.userInfo;
    });
    this.server.service.on('beforeResponse', (response: { body: Record<string, unknown> }) => {
      this.tamperTokenResponse?.(response.body);
    });
    return url;
  }

  reset() {
    this.idTokenClaims = {};
    this.userInfo = undefined;
    this.tamperTokenResponse = undefined;
  }

  stop() {
    return this.server.stop();
  }
}

function googleUser(email: string, extra: Record<string, unknown> = {}) {
  return {
    sub: `google-${email.toLowerCase()}`,
    email,
    email_verified: true,
    name: 'Grace Hopper',
    picture: 'https://lh3.googleusercontent.com/a/grace.png',
    ...extra,
  };
}

function setCookieHeaders(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
}

function setCookieHeader(response: LightMyRequestResponse): string {
  return setCookieHeaders(response)[0] ?? '';
}

function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(location.slice(location.indexOf('#') + 1));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe(`Continue with Google (${databaseKind})`, () => {
  const provider = new MockProvider();
  let server: TestServer;

  beforeAll(async () => {
    const issuer = await provider.start();
    server = await startTestServer({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      PUBLIC_URL,
      OIDC_ISSUER: issuer,
    });
  });
  afterAll(async () => {
    await server?.close();
    await provider.stop();
  });
  beforeEach(() => provider.reset());

  const count = async (table: 'users' | 'sessions' | 'google_sign_in_codes') =>
    Number((await server.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** GET /start, as the browser's navigation does; returns the provider URL and the state cookie. */
  async function start(returnTo?: string) {
    const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
    const response = await server.app.inject({ method: 'GET', url: `/api/auth/google/start${query}` });
    expect(response.statusCode).toBe(302);
    const cookie = setCookieHeader(response).split(';')[0] ?? '';
    return { authorizeUrl: new URL(String(response.headers.location)), cookie, response };
  }

  /** The provider's /authorize signs the (mock) user in and redirects back to our redirect URI. */
  async function authorize(authorizeUrl: URL): Promise<URL> {
    const response = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    return back;
  }

  /** The cookie each browser got with its one-time code at the callback, by code: what that browser sends to /exchange. */
  const codeCookies = new Map<string, string>();

  /** The browser follows that redirect to our callback (with the state cookie); returns our Location. */
  async function callback(callbackUrl: URL, cookie: string | undefined) {
    const response = await server.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: cookie ? { cookie } : {},
    });
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    const code = fragmentOf(location).get('google');
    const codeCookie = setCookieHeaders(response).find((header) => header.startsWith('partsmith_google_code='));
    if (code && codeCookie) codeCookies.set(code, codeCookie.split(';')[0]!);
    return { location, response };
  }

  /** The whole browser round trip up to the /login#… page. */
  async function signIn(claims: Record<string, unknown>, returnTo?: string): Promise<string> {
    provider.idTokenClaims = claims;
    const { authorizeUrl, cookie } = await start(returnTo);
    return (await callback(await authorize(authorizeUrl), cookie)).location;
  }

  /** POST /exchange from the browser that got `code` (its cookie), or with the cookie header given (none: another browser). */
  const exchange = (code: string, cookie: string | null = codeCookies.get(code) ?? null) =>
    server.app.inject({ method: 'POST', url: '/api/auth/google/exchange', payload: { code }, headers: cookie ? { cookie } : {} });

  async function signInAndExchange(claims: Record<string, unknown>, returnTo?: string) {
    const location = await signIn(claims, returnTo);
    const code = fragmentOf(location).get('google');
    expect(location, 'expected a successful sign-in').toMatch(/^\/login#google=[A-Za-z0-9_-]{43}$/);
    const response = await exchange(code!);
    expect(response.statusCode).toBe(200);
    return response.json() as GoogleExchangeAnswer;
  }

  it('says it is configured', async () => {
    const response = await call(server.app, 'GET', '/api/auth/google/status');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ configured: true });
  });

  it('sends the browser to the provider with PKCE (S256), state, nonce and a state cookie, and stores only a hash of the state', async () => {
    const { authorizeUrl, response } = await start('/place-order/7');
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${new URL(server.config.google!.issuer).origin}/authorize`);
    const q = authorizeUrl.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    expect(q.has('client_secret')).toBe(false);
    const state = q.get('state')!;
    expect(setCookieHeader(response)).toBe(
      `partsmith_google_state=${state}; Path=/api/auth/google/callback; Max-Age=600; HttpOnly; SameSite=Lax`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const row = await server.db.kysely
      .selectFrom('google_sign_in_states')
      .selectAll()
      .where('state_hash', '=', hashToken(state))
      .executeTakeFirstOrThrow();
    expect(row.return_to).toBe('/place-order/7');
    expect(row.nonce).toBe(q.get('nonce'));
    const minutesLeft = (Date.parse(row.expires_at) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10);
  });

  it('creates the account on first sign-in: lower-cased e-mail, name and photo kept, no password; the token works', async () => {
    const before = await count('sessions');
    const { token, user, returnTo } = await signInAndExchange(googleUser('Grace.Hopper@Example.COM'), '/place-order/7');
    expect(returnTo).toBe('/place-order/7');
    expect(user).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
      role: 'user',
      photoURL: 'https://lh3.googleusercontent.com/a/grace.png',
    });
    const row = await server.db.kysely.selectFrom('users').selectAll().where('id', '=', Number(user._id)).executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(await count('sessions')).toBe(before + 1);
    const me = await call(server.app, 'GET', '/api/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: user._id, email: 'grace.hopper@example.com', photoURL: 'https://lh3.googleusercontent.com/a/grace.png' });
  });

  it('names the account after the e-mail when the provider gives no name', async () => {
    const { user } = await signInAndExchange(googleUser('no.name@example.com', { name: undefined, picture: undefined }));
    expect(user.name).toBe('no.name');
    expect(user.photoURL).toBeNull();
  });

  it('signs a returning user in to the same account', async () => {
    const first = await signInAndExchange(googleUser('returning@example.com'));
    const usersBefore = await count('users');
    const second = await signInAndExchange(googleUser('Returning@Example.com'));
    expect(second.user._id).toBe(first.user._id);
    expect(second.token).not.toBe(first.token);
    expect(await count('users')).toBe(usersBefore);
  });

  it('links to an existing account whose e-mail was confirmed; its password keeps working', async () => {
    const account = await registerCustomer(server.app, 'Password Person');
    await verifyEmailOf(server, account);
    const { user, token } = await signInAndExchange(googleUser(account.email.toUpperCase(), { name: 'Google Name' }));
    expect(user._id).toBe(account.id);
    expect(user.name).toBe('Password Person');
    expect((await call(server.app, 'GET', '/api/me', { token })).json()._id).toBe(account.id);
    const login = await call(server.app, 'POST', '/api/auth/login', { body: { email: account.email, password: 'secret-password' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user._id).toBe(account.id);
    expect((await call(server.app, 'GET', '/api/me', { token: account.token })).statusCode).toBe(200);
  });

  it("takes over an account whose e-mail was never confirmed: a stranger's password and sessions stop working", async () => {
    // Someone registered the victim's address with a password of their own, and never confirmed it.
    const squatter = await registerCustomer(server.app, 'Squatter');
    const { user, token } = await signInAndExchange(googleUser(squatter.email));
    expect(user._id).toBe(squatter.id);
    expect(user.emailVerified).toBe(true);
    expect((await call(server.app, 'GET', '/api/me', { token: squatter.token })).statusCode).toBe(401);
    const login = await call(server.app, 'POST', '/api/auth/login', { body: { email: squatter.email, password: 'secret-password' } });
    expect(login.statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/me', { token })).statusCode).toBe(200);
    const row = await server.db.kysely.selectFrom('users').select(['google_sub', 'password_hash']).where('id', '=', Number(user._id)).executeTakeFirstOrThrow();
    expect(row).toEqual({ google_sub: `google-${squatter.email}`, password_hash: null });
  });

  it('makes a new account when the one with that e-mail was removed', async () => {
    const admin = await registerAdmin(server);
    const account = await registerCustomer(server.app);
    expect((await call(server.app, 'DELETE', `/api/user/${account.email}`, { token: admin.token })).statusCode).toBe(204);
    const { user } = await signInAndExchange(googleUser(account.email));
    expect(user._id).not.toBe(account.id);
    expect(user.email).toBe(account.email);
  });

  it('takes the e-mail from UserInfo when the ID token has none', async () => {
    const claims = googleUser('userinfo.only@example.com');
    provider.userInfo = { sub: 'johndoe', email: claims.email, email_verified: true, name: 'From UserInfo' };
    const { user } = await signInAndExchange({ sub: 'johndoe', email: undefined, name: undefined });
    expect(user).toMatchObject({ email: 'userinfo.only@example.com', name: 'From UserInfo' });
  });

  it('refuses a tampered state: no session, no code', async () => {
    provider.idTokenClaims = googleUser('tampered@example.com');
    const { authorizeUrl, cookie } = await start();
    const back = await authorize(authorizeUrl);
    const state = back.searchParams.get('state')!;
    back.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    const sessionsBefore = await count('sessions');
    const codesBefore = await count('google_sign_in_codes');
    const { location } = await callback(back, cookie);
    expect(location).toBe(errorLocation(errorMessages.google.expiredOrTampered));
    expect(location).toBe('/login#googleError=Your%20Google%20sign-in%20expired%20or%20was%20tampered%20with%2C%20please%20try%20again');
    expect(await count('sessions')).toBe(sessionsBefore);
    expect(await count('google_sign_in_codes')).toBe(codesBefore);
    expect(await server.db.kysely.selectFrom('users').select('id').where('email', '=', 'tampered@example.com').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a callback without a state, an expired state, and a replayed state', async () => {
    expect((await callback(new URL(`${REDIRECT_URI}?code=abc`), undefined)).location).toBe(errorLocation(errorMessages.google.expiredOrTampered));

    provider.idTokenClaims = googleUser('expired.state@example.com');
    const expired = await start();
    await server.db.kysely
      .updateTable('google_sign_in_states')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('state_hash', '=', hashToken(expired.authorizeUrl.searchParams.get('state')!))
      .execute();
    expect((await callback(await authorize(expired.authorizeUrl), expired.cookie)).location).toBe(
      errorLocation(errorMessages.google.expiredOrTampered),
    );

    const replayed = await start();
    const back = await authorize(replayed.authorizeUrl);
    expect((await callback(back, replayed.cookie)).location).toMatch(/^\/login#google=/);
    expect((await callback(back, replayed.cookie)).location).toBe(errorLocation(errorMessages.google.expiredOrTampered));
  });

  it('refuses a callback in another browser than the one that started (no state cookie: login CSRF)', async () => {
    provider.idTokenClaims = googleUser('csrf@example.com');
    const { authorizeUrl } = await start();
    const back = await authorize(authorizeUrl);
    const { location, response } = await callback(back, undefined);
    expect(location).toBe(errorLocation(errorMessages.google.expiredOrTampered));
    expect(setCookieHeader(response)).toMatch(/^partsmith_google_state=; Path=\/api\/auth\/google\/callback; Max-Age=0;/);
    // The victim's browser holds the cookie of its own sign-in, the callback carries the attacker's state.
    const victim = await start();
    const attacker = await start();
    expect((await callback(await authorize(attacker.authorizeUrl), victim.cookie)).location).toBe(
      errorLocation(errorMessages.google.expiredOrTampered),
    );
  });

  it('takes a one-time code only from the browser that signed in: a #google= link sent to another browser is refused (login CSRF)', async () => {
    // The attacker stops their own sign-in at /login#google=<code> and sends the victim that link.
    provider.idTokenClaims = googleUser('attacker.account@example.com');
    const attacker = await start();
    const { location, response } = await callback(await authorize(attacker.authorizeUrl), attacker.cookie);
    const code = fragmentOf(location).get('google')!;
    const sessionsBefore = await count('sessions');

    // The victim's browser has no code cookie, or the one of its own sign-in.
    const victimCode = fragmentOf(await signIn(googleUser('victim.account@example.com'))).get('google')!;
    for (const cookie of [null, codeCookies.get(victimCode)!]) {
      const refused = await exchange(code, cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: { code: 'google_other_browser', message: errorMessages.google.otherBrowser } });
    }
    expect(await count('sessions')).toBe(sessionsBefore);

    // The browser that signed in still can, once; its cookie is cleared by the answer.
    expect(setCookieHeaders(response)).toContain(`partsmith_google_code=${code}; Path=/api/auth/google/exchange; Max-Age=60; HttpOnly; SameSite=Lax`);
    const own = await exchange(code);
    expect(own.statusCode).toBe(200);
    expect((own.json() as GoogleExchangeAnswer).user.email).toBe('attacker.account@example.com');
    expect(setCookieHeader(own)).toMatch(/^partsmith_google_code=; Path=\/api\/auth\/google\/exchange; Max-Age=0;/);
    expect((await exchange(victimCode)).statusCode).toBe(200);

    // A used or unknown code, from any browser, is the expired-or-tampered answer, not "another browser".
    for (const [unknown, cookie] of [[code, null], ['not-a-real-code', null], ['not-a-real-code', codeCookies.get(code)!]] as const) {
      const refused = await exchange(unknown, cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('google_code_invalid');
    }
  });

  describe('ID-token verification (no account is made)', () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['a wrong nonce', { nonce: 'a-nonce-we-never-sent' }],
      ['a wrong audience', { aud: 'someone-elses-client' }],
      ['a wrong issuer', { iss: 'https://accounts.evil.example' }],
      ['an expired token', { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }],
    ];
    it.each(cases)('refuses %s', async (_what, override) => {
      const email = `id-token-${Math.random().toString(36).slice(2)}@example.com`;
      const usersBefore = await count('users');
      const location = await signIn({ ...googleUser(email), ...override });
      expect(location).toBe(errorLocation(errorMessages.google.failed));
      expect(await count('users')).toBe(usersBefore);
    });

    it('refuses an ID token whose signature does not match its content (forged claims)', async () => {
      const victim = await registerCustomer(server.app, 'Victim');
      const sessionsBefore = await count('sessions');
      const codesBefore = await count('google_sign_in_codes');
      provider.tamperTokenResponse = (body) => {
        const [header, payload, signature] = String(body.id_token).split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
        claims.email = victim.email;
        body.id_token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
      };
      expect(await signIn(googleUser('attacker@example.com'))).toBe(errorLocation(errorMessages.google.failed));
      expect(await count('sessions')).toBe(sessionsBefore);
      expect(await count('google_sign_in_codes')).toBe(codesBefore);
    });

    it('refuses when the provider refuses the code', async () => {
      provider.tamperTokenResponse = (body) => {
        for (const key of Object.keys(body)) delete body[key];
        body.error = 'invalid_grant';
      };
      expect(await signIn(googleUser('refused.code@example.com'))).toBe(errorLocation(errorMessages.google.failed));
    });
  });

  it('refuses an unverified e-mail without making an account', async () => {
    const usersBefore = await count('users');
    const location = await signIn(googleUser('unverified@example.com', { email_verified: false }));
    expect(location).toBe(errorLocation(errorMessages.google.unverifiedEmail));
    expect(location).toBe('/login#googleError=Your%20Google%20e-mail%20address%20is%20not%20verified');
    expect(await count('users')).toBe(usersBefore);
  });

  it('says so when the user cancels at the provider (error=access_denied)', async () => {
    provider.server.service.once('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    const { authorizeUrl, cookie } = await start();
    const back = await authorize(authorizeUrl);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const { location } = await callback(back, cookie);
    expect(location).toBe(errorLocation(errorMessages.google.cancelled));
    expect(location).toBe('/login#googleError=Google%20sign-in%20was%20cancelled');
    // That state is used up.
    const state = back.searchParams.get('state')!;
    expect(
      await server.db.kysely.selectFrom('google_sign_in_states').select('state_hash').where('state_hash', '=', hashToken(state)).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('gives a failure page, not an error, for other provider errors and malformed callbacks', async () => {
    expect((await callback(new URL(`${REDIRECT_URI}?error=server_error&state=x`), undefined)).location).toBe(errorLocation(errorMessages.google.failed));
    expect((await callback(new URL(`${REDIRECT_URI}?code=a&state=b&state=c`), undefined)).location).toBe(
      errorLocation(errorMessages.google.expiredOrTampered),
    );
  });

  it('redeems an exchange code once only (concurrently too), and not after 60 seconds', async () => {
    const code = fragmentOf(await signIn(googleUser('once@example.com'))).get('google')!;
    const row = await server.db.kysely
      .selectFrom('google_sign_in_codes')
      .selectAll()
      .where('code_hash', '=', hashToken(code))
      .executeTakeFirstOrThrow();
    const secondsLeft = (Date.parse(row.expires_at) - Date.now()) / 1000;
    expect(secondsLeft).toBeGreaterThan(50);
    expect(secondsLeft).toBeLessThanOrEqual(60);

    const [a, b] = await Promise.all([exchange(code), exchange(code)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: { code: 'google_code_invalid', message: errorMessages.google.expiredOrTampered } });

    const late = fragmentOf(await signIn(googleUser('once@example.com'))).get('google')!;
    await server.db.kysely
      .updateTable('google_sign_in_codes')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('code_hash', '=', hashToken(late))
      .execute();
    expect((await exchange(late)).statusCode).toBe(401);
    expect((await exchange('made-up')).statusCode).toBe(401);
    expect((await call(server.app, 'POST', '/api/auth/google/exchange', { body: {} })).statusCode).toBe(400);
  });

  it("only comes back to a path on this shop: '//evil.example' and friends become '/'", async () => {
    for (const returnTo of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      const { returnTo: back } = await signInAndExchange(googleUser('return.to@example.com'), returnTo);
      expect(back).toBe('/');
    }
    expect((await signInAndExchange(googleUser('return.to@example.com'))).returnTo).toBe('/');
    expect((await signInAndExchange(googleUser('return.to@example.com'), '/dashboard/myOrders')).returnTo).toBe('/dashboard/myOrders');
  });
});

describe(`Google sign-in not configured (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers 503 with the message the login form shows', async () => {
    const response = await call(server.app, 'GET', '/api/auth/google/start?returnTo=/blogs');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'google_not_configured', message: 'Google sign-in is not configured on this shop' },
    });
    expect((await call(server.app, 'GET', '/api/auth/google/status')).json()).toEqual({ configured: false });
    expect(String((await call(server.app, 'GET', '/api/auth/google/callback?code=a&state=b')).headers.location)).toBe(
      errorLocation(errorMessages.google.failed),
    );
    expect((await call(server.app, 'POST', '/api/auth/google/exchange', { body: { code: 'x' } })).statusCode).toBe(401);
  });
});

describe(`Google sign-in with the provider unreachable (${databaseKind})`, () => {
  let server: TestServer;
  let port: number;
  const provider = new MockProvider();
  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      PUBLIC_URL,
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => {
    await server.close();
    await provider.stop().catch(() => undefined);
  });
  afterEach(() => provider.reset());

  it('starts anyway (discovery is lazy), fails the sign-in with a message, and retries discovery later', async () => {
    expect((await call(server.app, 'GET', '/api/auth/google/status')).json()).toEqual({ configured: true });
    const offline = await call(server.app, 'GET', '/api/auth/google/start');
    expect(offline.statusCode).toBe(302);
    expect(offline.headers.location).toBe(errorLocation(errorMessages.google.failed));

    await provider.start(port);
    const online = await call(server.app, 'GET', '/api/auth/google/start');
    expect(online.statusCode).toBe(302);
    expect(String(online.headers.location)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/authorize\\?`));
  });
});
