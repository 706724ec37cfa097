import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

const google = { GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret', PUBLIC_URL: 'https://shop.example.com' };

describe('Google sign-in configuration', () => {
  it('is off unless configured; blank variables count as unset', () => {
    expect(loadConfig({}).google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: ' ', PUBLIC_URL: '' }).google).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).google).toBeUndefined();
  });

  it('derives the redirect URI from PUBLIC_URL and defaults the issuer to Google', () => {
    expect(loadConfig({ ...google, PUBLIC_URL: 'https://shop.example.com/' }).google).toEqual({
      clientId: 'client-id',
      clientSecret: 'client-secret',
      issuer: 'https://accounts.google.com',
      publicUrl: 'https://shop.example.com',
      redirectUri: 'https://shop.example.com/api/auth/google/callback',
    });
    expect(loadConfig({ ...google, OIDC_ISSUER: 'http://127.0.0.1:8080' }).google?.issuer).toBe('http://127.0.0.1:8080');
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'x', PUBLIC_URL: 'https://shop.example.com' })).toThrow(
      /GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together/,
    );
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 'x' })).toThrow(
      /GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together/,
    );
    expect(() => loadConfig({ ...google, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: Google sign-in needs PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'shop.example.com' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://shop.example.com' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.com/?x=1' })).toThrow(/PUBLIC_URL: must not have a query/);
    expect(() => loadConfig({ ...google, OIDC_ISSUER: 'http://accounts.example.com' })).toThrow(/OIDC_ISSUER: must be an https URL/);
    expect(() => loadConfig({ ...google, OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER: must be an http\(s\) URL/);
  });
});
