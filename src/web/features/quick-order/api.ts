import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PartsResolved } from '../../../shared/api.js';
import type { partsResolveSchema } from '../../../shared/schemas.js';
import { apiFetch } from '../../lib/api-client.js';

type ResolveBody = z.input<typeof partsResolveSchema>;

/** The part for sale each typed number leads to (or null), in the order the numbers were sent. */
export function useResolveParts() {
  return useMutation({
    mutationFn: (numbers: string[]) =>
      apiFetch<PartsResolved>('/api/parts/resolve', { method: 'POST', body: { numbers } satisfies ResolveBody }),
  });
}
