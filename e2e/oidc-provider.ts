/**
 * A local OpenID Connect provider standing in for Google in the browser tests: oauth2-mock-server on
 * 127.0.0.1:4311 (playwright.config.ts starts it first and points the shop's OIDC_ISSUER at it). Its
 * /authorize answers at once with a code, as Google does for a signed-in, consenting user, and every
 * ID token it signs is Gina Google's, with a verified e-mail.
 *
 *   npx tsx e2e/oidc-provider.ts            # port from OIDC_PORT, default 4311
 */
import { OAuth2Server } from 'oauth2-mock-server';

const OIDC_PORT = Number(process.env.OIDC_PORT ?? 4311);
const GOOGLE_USER = { email: 'gina.google@example.com', name: 'Gina Google' };

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
await server.start(OIDC_PORT, '127.0.0.1');
// The mock names itself http://localhost:PORT; the shop discovers it at 127.0.0.1 and checks the issuer.
server.issuer.url = `http://127.0.0.1:${OIDC_PORT}`;

// The token endpoint signs an access token (it carries a scope) and the ID token: only the latter is shaped.
server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  if ('scope' in token.payload) return;
  Object.assign(token.payload, {
    sub: 'google-gina',
    email: GOOGLE_USER.email,
    email_verified: true,
    name: GOOGLE_USER.name,
  });
});

console.log(`[oidc-provider] test OpenID provider at ${server.issuer.url}`);

const stop = () => {
  void server.stop().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
