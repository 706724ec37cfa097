/**
 * The OpenID Connect client (openid-client v6): authorization-code flow with PKCE (S256), state and
 * nonce. Discovery happens on first use and is cached, so a shop without network still starts; a
 * failed discovery is not cached, the next sign-in tries again.
 *
 * ID-token checks: openid-client verifies issuer, audience (and azp), expiry/iat and nonce on every
 * token response. It does NOT verify the ID token's signature by default (it relies on TLS to the token
 * endpoint); `enableNonRepudiationChecks` turns that on, against the provider's JWKS. Nothing is
 * switched off.
 */
import * as client from 'openid-client';
import { isLoopbackUrl, type GoogleConfig } from '../../config.js';

export const SCOPE = 'openid email profile';
const TIMEOUT_SECONDS = 10;

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The claims we use, from the verified ID token (plus UserInfo when the ID token lacks the e-mail). */
export interface IdentityClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  picture?: unknown;
}

export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: GoogleConfig) {}

  private discover(): Promise<client.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      const execute: Array<(config: client.Configuration) => void> = [client.enableNonRepudiationChecks];
      if (issuer.protocol === 'http:' && isLoopbackUrl(issuer)) execute.unshift(client.allowInsecureRequests);
      this.configuration = client
        .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
          execute,
          timeout: TIMEOUT_SECONDS,
        })
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw error;
        });
    }
    return this.configuration;
  }

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const config = await this.discover();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      response_type: 'code',
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Redeems the authorization response (the callback's query string) at the token endpoint and verifies
   * the ID token. Throws on any protocol, network or verification failure.
   */
  async redeem(
    callbackSearch: string,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<IdentityClaims> {
    const config = await this.discover();
    // The redirect_uri sent to the token endpoint is this URL without its query: it must be the
    // registered one (PUBLIC_URL), whatever host header the request came in with.
    const currentUrl = new URL(this.settings.redirectUri);
    currentUrl.search = callbackSearch;
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('the token response has no ID token');
    const claims: IdentityClaims = { ...idToken };
    if (claims.email === undefined && tokens.access_token) {
      // Some providers only put the e-mail in UserInfo; its `sub` must match the ID token's.
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      return { ...userInfo, ...pick(claims), sub: idToken.sub };
    }
    return claims;
  }
}

/** Keeps the ID token's own values when both it and UserInfo have a claim. */
function pick(claims: IdentityClaims): Partial<IdentityClaims> {
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
}
