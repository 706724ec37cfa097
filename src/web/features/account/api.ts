import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User } from '../../../shared/api.js';
import type { profileUpdateSchema } from '../../../shared/schemas.js';
import { apiFetch, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

type ProfileUpdateBody = z.input<typeof profileUpdateSchema>;

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
