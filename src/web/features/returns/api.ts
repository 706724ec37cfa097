import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fitmentQualitySchema, type Return, returnPageSchema, type ReturnReceive, type ReturnRequest, returnSchema } from '../../../shared/returns-api.js';
import type { ReturnStatus } from '../../../shared/returns.js';
import { apiFetch, apiFile, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

/** A return as the server answered it, checked against the shared schema. */
const aReturn = async (promise: Promise<unknown>) => returnSchema.parse(await promise);

/** GET /api/returns, newest first, page by page: a buyer's own; an admin's every return, or those of one status. */
export function useReturnPages(status: ReturnStatus | '' = '') {
  return useInfiniteQuery({
    queryKey: keys.returnList(status),
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (status) params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return returnPageSchema.parse(await apiFetch<unknown>(`/api/returns${query ? `?${query}` : ''}`, { signal }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}

export function useReturn(id: string) {
  return useQuery({
    queryKey: keys.returnItem(id),
    queryFn: ({ signal }) => aReturn(apiFetch<unknown>(`/api/returns/${seg(id)}`, { signal })),
    enabled: id !== '',
  });
}

/** GET /api/admin/fitment-quality. */
export function useFitmentQuality() {
  return useQuery({
    queryKey: keys.fitmentQuality,
    queryFn: async ({ signal }) => fitmentQualitySchema.parse(await apiFetch<unknown>('/api/admin/fitment-quality', { signal })),
  });
}

/** A return's credit note, a PDF (its buyer or an admin), once it is refunded. */
export function fetchCreditNote(id: string): Promise<Blob> {
  return apiFile(`/api/returns/${seg(id)}/credit-note.pdf`);
}

/**
 * A change to a return also changes its order (returned units, refunds) and may change stock: the returns
 * (lists, the return, the fitment-quality list), the orders and, once parts are received, the products are read again.
 */
function useReturnMutation<T>(send: (input: T) => Promise<Return>, { stock = false } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      client.setQueryData(keys.returnItem(answer.id), answer);
      return Promise.all([
        client.invalidateQueries({ queryKey: keys.returns }),
        // Every order view: the return's order page (keys.order) and the lists that show its returned units and refunds.
        client.invalidateQueries({ queryKey: keys.orders }),
        ...(stock ? [client.invalidateQueries({ queryKey: keys.products })] : []),
      ]);
    },
  });
}

/** POST /api/orders/:id/returns (the order's buyer). */
export function useRequestReturn(orderId: string) {
  return useReturnMutation((body: ReturnRequest) => aReturn(apiFetch<unknown>(`/api/orders/${seg(orderId)}/returns`, { method: 'POST', body })));
}

export function useApproveReturn() {
  return useReturnMutation((id: string) => aReturn(apiFetch<unknown>(`/api/returns/${seg(id)}/approve`, { method: 'POST' })));
}

export function useRejectReturn() {
  return useReturnMutation(({ id, reason }: { id: string; reason: string }) =>
    aReturn(apiFetch<unknown>(`/api/returns/${seg(id)}/reject`, { method: 'POST', body: { reason } })),
  );
}

/** Receiving counts what came back (undamaged units back to stock) and refunds at once. */
export function useReceiveReturn() {
  return useReturnMutation(
    ({ id, body }: { id: string; body: ReturnReceive }) => aReturn(apiFetch<unknown>(`/api/returns/${seg(id)}/receive`, { method: 'POST', body })),
    { stock: true },
  );
}

/** The refund again, after the payment provider failed it (the return stays received until it goes through). */
export function useRetryRefund() {
  return useReturnMutation((id: string) => aReturn(apiFetch<unknown>(`/api/returns/${seg(id)}/refund`, { method: 'POST' })));
}
