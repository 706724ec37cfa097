import type { AuthResponse, User } from '../../shared/api.js';
import { apiFetch } from './client.js';

export type GoogleExchangeAnswer = AuthResponse & { returnTo: string };

export const authApi = {
  login: (body: { email: string; password: string }) =>
    apiFetch<AuthResponse>('/api/auth/login', { method: 'POST', body, auth: false }),
  register: (body: { name: string; email: string; password: string }) =>
    apiFetch<AuthResponse>('/api/auth/register', { method: 'POST', body, auth: false }),
  logout: () => apiFetch<void>('/api/auth/logout', { method: 'POST' }),
  me: (signal?: AbortSignal) => apiFetch<User>('/api/me', { signal }),
  googleStatus: (signal?: AbortSignal) =>
    apiFetch<{ configured: boolean }>('/api/auth/google/status', { signal, auth: false }),
  /** Trades the one-time code from `/login#google=<code>` for a session, exactly like a password login's answer. */
  googleExchange: (code: string) =>
    apiFetch<GoogleExchangeAnswer>('/api/auth/google/exchange', { method: 'POST', body: { code }, auth: false }),
};

/** Where the browser goes (a full page load) to start "Continue with Google". */
export function googleStartUrl(returnTo: string): string {
  return `/api/auth/google/start?returnTo=${encodeURIComponent(returnTo)}`;
}
