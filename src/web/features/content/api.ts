import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ContactMessage } from '../../../shared/api.js';
import type { contactInputSchema } from '../../../shared/schemas.js';
import { apiFetch } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

type ContactBody = z.input<typeof contactInputSchema>;

export function useContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactBody) => apiFetch<ContactMessage>('/api/contact', { method: 'POST', body, auth: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.contact }),
  });
}
