import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderPage } from '../../../shared/api.js';
import type { CompanyApplication, CompanyMember, InvitationInput, MemberPatch, MyCompany, Company } from '../../../shared/companies.js';
import { ApiError, apiFetch, apiFile, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

/** The caller's company (GET /api/companies/mine), or null when they belong to none (a 404 or a null answer). */
export function useMyCompany(enabled = true) {
  return useQuery({
    queryKey: keys.myCompany,
    queryFn: async ({ signal }) => {
      try {
        return (await apiFetch<MyCompany | null>('/api/companies/mine', { signal })) ?? null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
  });
}

/** Everything a change of the company touches: the company itself, and the prices and orders it sets. */
function refreshAfterCompanyChange(client: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    client.invalidateQueries({ queryKey: keys.myCompany }),
    client.invalidateQueries({ queryKey: keys.products }),
    client.invalidateQueries({ queryKey: keys.orders }),
  ]);
}

/** POST /api/companies: apply for a trade account. */
export function useApplyForCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyApplication) => apiFetch<Company>('/api/companies', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.myCompany }),
  });
}

/** POST /api/companies/join with the invitation link's token. */
export function useJoinCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiFetch<MyCompany>('/api/companies/join', { method: 'POST', body: { token } }),
    onSuccess: (company) => {
      client.setQueryData(keys.myCompany, company);
      return refreshAfterCompanyChange(client);
    },
  });
}

export function useInvite(companyId: number) {
  return useMutation({
    mutationFn: (body: InvitationInput) => apiFetch<unknown>(`/api/companies/${seg(companyId)}/invitations`, { method: 'POST', body }),
  });
}

export function useUpdateMember(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, patch }: { userId: number; patch: MemberPatch }) =>
      apiFetch<CompanyMember>(`/api/companies/${seg(companyId)}/members/${seg(userId)}`, { method: 'PATCH', body: patch }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.myCompany }),
  });
}

export function useRemoveMember(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiFetch<void>(`/api/companies/${seg(companyId)}/members/${seg(userId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.myCompany }),
  });
}

/** The company's orders (its admins), newest first; a page or a plain list, as the server answers. */
export function useCompanyOrders(companyId: number | undefined) {
  return useQuery({
    queryKey: keys.companyOrders(companyId ?? 0),
    queryFn: async ({ signal }) => {
      const answer = await apiFetch<OrderPage | Order[]>(`/api/companies/${seg(companyId ?? 0)}/orders`, { signal });
      return Array.isArray(answer) ? answer : answer.items;
    },
    enabled: companyId !== undefined,
  });
}

/** The company's orders as a CSV file, with the user's token. */
export function exportCompanyOrders(companyId: number): Promise<Blob> {
  return apiFile(`/api/companies/${seg(companyId)}/orders.csv`);
}

function useOrderDecision<T>(call: (input: T) => Promise<Order>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (order) => {
      client.setQueryData(keys.order(order._id), order);
      return client.invalidateQueries({ queryKey: keys.orders });
    },
  });
}

export const useApproveOrder = () => useOrderDecision((orderId: string) => apiFetch<Order>(`/api/orders/${seg(orderId)}/approve`, { method: 'POST' }));

export const useDeclineOrder = () =>
  useOrderDecision(({ orderId, reason }: { orderId: string; reason: string }) =>
    apiFetch<Order>(`/api/orders/${seg(orderId)}/decline`, { method: 'POST', body: { reason } }),
  );
