import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ContactMessage } from '../../../shared/api.js';
import type { contactInputSchema, contactReplySchema } from '../../../shared/schemas.js';
import { apiFetch } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

type ContactBody = z.input<typeof contactInputSchema>;
type ReplyBody = z.input<typeof contactReplySchema>;

export function useContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactBody) => apiFetch<ContactMessage>('/api/contact', { method: 'POST', body, auth: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.contact }),
  });
}

export function useContactMessages() {
  return useQuery({
    queryKey: keys.contact,
    queryFn: ({ signal }) => apiFetch<ContactMessage[]>('/api/contact', { signal }),
  });
}

/** Marks a message of the inbox read or unread. */
export function useMarkContactRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      apiFetch<ContactMessage>(`/api/contact/${id}`, { method: 'PATCH', body: { read } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.contact }),
  });
}

/** E-mails a reply to the sender of message `id` (the shop's outbox sends it). */
export function useReplyToContact(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyBody) => apiFetch<ContactMessage>(`/api/contact/${id}/reply`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.contact }),
  });
}
