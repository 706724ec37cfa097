import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ContactMessage } from '../../../shared/api.js';
import type { ContactMessageDetail } from '../../../shared/back-office.js';
import type { contactReplySchema } from '../../../shared/schemas.js';
import { apiFetch } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

type ReplyBody = z.input<typeof contactReplySchema>;
export type InboxFilter = 'all' | 'unread';

/** The inbox, newest first: every message or only the unread ones. */
export function useContactMessages(filter: InboxFilter) {
  return useQuery({
    queryKey: keys.contactList(filter),
    queryFn: ({ signal }) => apiFetch<ContactMessage[]>(filter === 'unread' ? '/api/contact?unread=true' : '/api/contact', { signal }),
  });
}

/** One message with its thread (the customer's message, then each reply with who sent it). */
export function useContactMessage(id: string | null) {
  return useQuery({
    queryKey: keys.contactMessage(id ?? ''),
    queryFn: ({ signal }) => apiFetch<ContactMessageDetail>(`/api/contact/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Marks a message of the inbox read or unread. */
export function useMarkContactRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => apiFetch<ContactMessage>(`/api/contact/${id}`, { method: 'PATCH', body: { read } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.contact }),
  });
}

/** E-mails a reply to the sender of message `id` (the shop's outbox sends it); the thread keeps it. */
export function useReplyToContact(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyBody) => apiFetch<ContactMessage>(`/api/contact/${id}/reply`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.contact }),
  });
}
