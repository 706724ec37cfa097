import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminFlag, AuthResponse, GoogleExchangeAnswer, GoogleStatus, User } from '../../../shared/api.js';
import type {
  googleExchangeRequestSchema,
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerSchema,
  verifyEmailSchema,
} from '../../../shared/schemas.js';
import { apiFetch, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

export type LoginBody = z.input<typeof loginSchema>;
export type RegisterBody = z.input<typeof registerSchema>;
type GoogleExchangeBody = z.input<typeof googleExchangeRequestSchema>;
type ResetRequestBody = z.input<typeof passwordResetRequestSchema>;
type ResetConfirmBody = z.input<typeof passwordResetConfirmSchema>;
type VerifyEmailBody = z.input<typeof verifyEmailSchema>;

export const authApi = {
  login: (body: LoginBody) => apiFetch<AuthResponse>('/api/auth/login', { method: 'POST', body, auth: false }),
  register: (body: RegisterBody) => apiFetch<AuthResponse>('/api/auth/register', { method: 'POST', body, auth: false }),
  logout: () => apiFetch<void>('/api/auth/logout', { method: 'POST' }),
  me: (signal?: AbortSignal) => apiFetch<User>('/api/me', { signal }),
  googleStatus: (signal?: AbortSignal) => apiFetch<GoogleStatus>('/api/auth/google/status', { signal, auth: false }),
  /** Trades the one-time code from `/login#google=<code>` for a session, exactly like a password login's answer. */
  googleExchange: (code: string) =>
    apiFetch<GoogleExchangeAnswer>('/api/auth/google/exchange', {
      method: 'POST',
      body: { code } satisfies GoogleExchangeBody,
      auth: false,
    }),
  /** 202 whether or not the account exists: the answer never tells. */
  requestPasswordReset: (body: ResetRequestBody) =>
    apiFetch<void>('/api/auth/password-reset', { method: 'POST', body, auth: false }),
  /** The token from the mailed link and the new password; every session of the account ends. */
  confirmPasswordReset: (body: ResetConfirmBody) =>
    apiFetch<void>('/api/auth/password-reset/confirm', { method: 'POST', body, auth: false }),
  verifyEmail: (body: VerifyEmailBody) => apiFetch<void>('/api/auth/verify-email', { method: 'POST', body, auth: false }),
};

/** The signed-in account (the navbar's name, what the pages let it do); the start-up prefetch asks for it too. */
export const meQuery = {
  queryKey: keys.me,
  queryFn: ({ signal }: { signal: AbortSignal }) => authApi.me(signal),
  retry: (count: number, error: unknown) => (error as { status?: number }).status !== 401 && count < 2,
  staleTime: 5 * 60_000,
};

/** Where the browser goes (a full page load) to start "Continue with Google". */
export function googleStartUrl(returnTo: string): string {
  return `/api/auth/google/start?returnTo=${encodeURIComponent(returnTo)}`;
}

/** GET /api/admin/:email — the admin flag that guards admin routes. */
export function useIsAdmin(email: string | undefined) {
  return useQuery({
    queryKey: keys.admin(email ?? ''),
    queryFn: ({ signal }) => apiFetch<AdminFlag>(`/api/admin/${seg(email ?? '')}`, { signal }),
    enabled: Boolean(email),
    retry: false,
    staleTime: 0,
  });
}
