import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Address, noShippingMethodSchema, quoteSchema } from '../../../shared/checkout-api.js';
import type { addressInputSchema, addressPatchSchema, quoteRequestSchema } from '../../../shared/checkout-schemas.js';
import { ApiError, apiFetch, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

export type Quote = z.infer<typeof quoteSchema>;
export type QuoteRequest = z.input<typeof quoteRequestSchema>;
type AddressBody = z.input<typeof addressInputSchema>;
type AddressPatchBody = z.input<typeof addressPatchSchema>;

/** The signed-in buyer's saved addresses, the default first. */
export function useAddresses(enabled = true) {
  return useQuery({ queryKey: keys.addresses, queryFn: ({ signal }) => apiFetch<Address[]>('/api/addresses', { signal }), enabled });
}

function useAddressMutation<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  // A new default changes the others' flag, a deletion may move it: the whole book is read again.
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: keys.addresses }) });
}

export const useCreateAddress = () => useAddressMutation((body: AddressBody) => apiFetch<Address>('/api/addresses', { method: 'POST', body }));
export const useUpdateAddress = () =>
  useAddressMutation(({ id, patch }: { id: number; patch: AddressPatchBody }) => apiFetch<Address>(`/api/addresses/${seg(id)}`, { method: 'PATCH', body: patch }));
export const useDeleteAddress = () => useAddressMutation((id: number) => apiFetch<undefined>(`/api/addresses/${seg(id)}`, { method: 'DELETE' }));

/**
 * The quote's 422 answer is `{ code, message }` rather than the error shape: its message ("We don't ship to
 * … for 48 kg") is what the buyer reads.
 */
export function noShippingMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as Partial<z.infer<typeof noShippingMethodSchema>> | undefined;
  return body?.code === 'no_shipping_method' && typeof body.message === 'string' ? body.message : null;
}

/**
 * POST /api/checkout/quote for a request (null: nothing to price yet). The last figures stay on screen
 * while a changed request (another method) is priced.
 */
export function useQuote(request: QuoteRequest | null) {
  return useQuery({
    queryKey: keys.quote(request ?? {}),
    queryFn: ({ signal }) => apiFetch<Quote>('/api/checkout/quote', { method: 'POST', body: request, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
