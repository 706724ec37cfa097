import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Session, User } from '../../../shared/api.js';
import type { TaxExemptionAnswer } from '../../../shared/checkout-api.js';
import type { TaxExemptionInput } from '../../../shared/checkout-schemas.js';
import type { passwordChangeSchema, profileUpdateSchema } from '../../../shared/schemas.js';
import { apiFetch, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

type ProfileUpdateBody = z.input<typeof profileUpdateSchema>;
type PasswordChangeBody = z.input<typeof passwordChangeSchema>;

export function useUsers() {
  return useQuery({
    queryKey: keys.users,
    queryFn: ({ signal }) => apiFetch<User[]>('/api/user', { signal }),
  });
}

/** The signed-in user's record (phone, address): prefills the order form and the profile. */
export function useProfile(email: string | undefined) {
  return useQuery({
    queryKey: keys.user(email ?? ''),
    queryFn: ({ signal }) => apiFetch<User>(`/api/user/${seg(email ?? '')}`, { signal }),
    enabled: Boolean(email),
  });
}

export function useUpdateProfile(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => apiFetch<User>(`/api/user/${seg(email)}`, { method: 'PATCH', body }),
    onSuccess: (user) => {
      client.setQueryData(keys.user(email), user);
      return Promise.all([
        client.invalidateQueries({ queryKey: keys.users }),
        client.invalidateQueries({ queryKey: keys.me }),
      ]);
    },
  });
}

export function useMakeAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiFetch<User>(`/api/user/admin/${seg(email)}`, { method: 'PUT' }),
    onSuccess: (_user, email) =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.users }),
        client.invalidateQueries({ queryKey: keys.admin(email) }),
      ]),
  });
}

export function useRemoveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiFetch<void>(`/api/user/${seg(email)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.users }),
  });
}

// ---- The account's password, e-mail confirmation and sessions --------------------

/** Every other session of the account ends with the change, so the session list is asked again. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => apiFetch<void>('/api/auth/password', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.sessions }),
  });
}

/** Mails the signed-in account a new confirmation link (202). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/auth/verify-email/resend', { method: 'POST' }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: keys.sessions,
    queryFn: ({ signal }) => apiFetch<Session[]>('/api/auth/sessions', { signal }),
    staleTime: 0,
  });
}

/** Signs out one other session (`id`), or with no id every session but this one. */
export function useSignOutSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => apiFetch<void>(id ? `/api/auth/sessions/${seg(id)}` : '/api/auth/sessions', { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.sessions }),
  });
}

/** PUT /api/admin/users/:email/tax-exemption: the buyer pays no tax until the certificate expires. */
export function useRecordTaxExemption() {
  return useMutation({
    mutationFn: ({ email, ...exemption }: TaxExemptionInput & { email: string }) =>
      apiFetch<TaxExemptionAnswer>(`/api/admin/users/${seg(email)}/tax-exemption`, { method: 'PUT', body: exemption }),
  });
}

export function useRemoveTaxExemption() {
  return useMutation({
    mutationFn: (email: string) => apiFetch<null>(`/api/admin/users/${seg(email)}/tax-exemption`, { method: 'DELETE' }),
  });
}
