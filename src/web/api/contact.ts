import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage } from '../../shared/api.js';
import { apiFetch } from './client.js';
import { keys } from './keys.js';

export function useContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; message: string }) =>
      apiFetch<ContactMessage>('/api/contact', { method: 'POST', body, auth: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.contact }),
  });
}

export function useContactMessages() {
  return useQuery({
    queryKey: keys.contact,
    queryFn: ({ signal }) => apiFetch<ContactMessage[]>('/api/contact', { signal }),
  });
}
