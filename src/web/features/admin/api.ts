import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  importReportSchema,
  productImportReportSchema,
  type OpenOrders,
  type Product,
  type ProductChange,
  type ProductPage,
  type TradeImportReport,
  tradeImportReportSchema,
} from '../../../shared/api.js';
import { stockMovementPageSchema } from '../../../shared/back-office.js';
import type { FITMENT_IMPORT_KINDS, PRODUCT_STATUSES } from '../../../shared/schemas.js';
import type { ProductPatch, productInputSchema } from '../../../shared/product-schemas.js';
import { ApiError, apiFetch, apiFile, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';
import { PRODUCTS_PER_PAGE } from '../catalog/api.js';

type ProductInputBody = z.input<typeof productInputSchema>;

export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** What Manage Products lists: a search (name or part number), a category slug ('' for all) and a status. */
export interface AdminProductFilters {
  q: string;
  category: string;
  status: ProductStatus;
}

/** Every product change shows in the admin's table and the shop (pages, cards, category counts): all are under `products`. */
function useInvalidateProducts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.products });
}

export function useAddProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: ProductInputBody) => apiFetch<Product>('/api/products', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** Removing a product also cancels its unpaid orders (paid ones stay to ship): the order lists change too. */
export function useRemoveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Product>(`/api/products/${seg(id)}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: keys.products }), client.invalidateQueries({ queryKey: keys.orders })]),
  });
}

/** What removing a product touches, asked just before the confirmation: its unpaid orders and its paid ones to ship. */
export function fetchOpenOrders(id: string): Promise<OpenOrders> {
  return apiFetch<OpenOrders>(`/api/products/${seg(id)}/open-orders`);
}

function adminProductsUrl({ q, category, status }: AdminProductFilters, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(PRODUCTS_PER_PAGE), status });
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/products?${params}`;
}

/** The admin's catalog page by page, archived parts too; the previous list stays on screen while a new search loads. */
export function useAdminProductPages(filters: AdminProductFilters) {
  return useInfiniteQuery({
    queryKey: keys.adminProducts(filters),
    queryFn: ({ pageParam, signal }) => apiFetch<ProductPage>(adminProductsUrl(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}

/** One product for the edit form, even when archived. */
export function useAdminProduct(id: string) {
  return useQuery({
    queryKey: keys.adminProduct(id),
    queryFn: ({ signal }) => apiFetch<Product>(`/api/admin/products/${seg(id)}`, { signal }),
  });
}

/** Changes some fields of a product; `{ active: false }` archives it, `{ active: true }` restores it. */
export function useUpdateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ProductPatch }) =>
      apiFetch<Product>(`/api/products/${seg(id)}`, { method: 'PATCH', body: patch }),
    onSuccess: invalidate,
  });
}

/** Fetches a picture linked from elsewhere (as a PIES file gives it) into the shop's storage; answers the product linked to the stored copy. */
export function useFetchPicture() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Product>(`/api/products/${seg(id)}/picture/fetch`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

/** Adds units that arrived to a product's stock; answers the product with its new stock. */
export function useRestockProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: string; quantity: number }) =>
      apiFetch<Product>(`/api/products/${seg(id)}/restock`, { method: 'POST', body: { quantity } }),
    onSuccess: invalidate,
  });
}

/** A product's price and stock changes, newest first. */
export function useProductChanges(id: string) {
  return useQuery({
    queryKey: keys.productChanges(id),
    queryFn: ({ signal }) => apiFetch<ProductChange[]>(`/api/products/${seg(id)}/changes`, { signal }),
  });
}

/** GET /api/products/:id/stock-movements, newest first, page by page. */
export function useStockMovements(id: string) {
  return useInfiniteQuery({
    queryKey: keys.stockMovements(id),
    queryFn: async ({ pageParam, signal }) =>
      stockMovementPageSchema.parse(await apiFetch<unknown>(`/api/products/${seg(id)}/stock-movements${pageParam ? `?cursor=${seg(pageParam)}` : ''}`, { signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Every row of a part's stock ledger as CSV. */
export function fetchStockMovementsCsv(id: string): Promise<Blob> {
  return apiFile(`/api/products/${seg(id)}/stock-movements.csv`);
}

/**
 * Sends a CSV file to the catalog import: a dry run checks it and writes nothing. A real import with a
 * problem is refused (422) with the same report as the dry run, which is answered like one. `onUploadProgress`
 * hears how much of the file has gone (0 to 1); after that the server checks or writes it.
 */
export function useImportProducts() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ csv, dryRun, onUploadProgress }: { csv: string; dryRun: boolean; onUploadProgress?: (sent: number) => void }) =>
      importCsv(`/api/products/import${dryRun ? '?dryRun=true' : ''}`, csv, productImportReportSchema, onUploadProgress),
    onSuccess: (report, { dryRun }) => {
      if (!dryRun && report.errors.length === 0) return invalidate();
    },
  });
}

/** A CSV import's report: a refused one (422) carries the same report as a dry run, answered like one. */
async function importCsv<Report>(url: string, csv: string, schema: z.ZodType<Report>, onUploadProgress?: (sent: number) => void): Promise<Report> {
  try {
    return await apiFetch<Report>(url, { method: 'POST', body: csv, contentType: 'text/csv', onUploadProgress });
  } catch (failure) {
    const refused = failure instanceof ApiError && failure.status === 422 ? schema.safeParse(failure.body) : null;
    if (refused?.success) return refused.data;
    throw failure;
  }
}

export type FitmentFileKind = (typeof FITMENT_IMPORT_KINDS)[number];

/** The applications or the numbers as CSV (POST /api/fitment/import?kind=): a dry run checks the file. */
export function useImportFitmentFile() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ kind, csv, dryRun }: { kind: FitmentFileKind; csv: string; dryRun: boolean }) =>
      importCsv(`/api/fitment/import?kind=${kind}${dryRun ? '&dryRun=true' : ''}`, csv, importReportSchema),
    onSuccess: (report, { dryRun }) => {
      if (!dryRun && report.errors.length === 0) return invalidate();
    },
  });
}

export function exportFitmentFile(kind: FitmentFileKind): Promise<Blob> {
  return apiFile(`/api/fitment/export.csv?kind=${kind}`);
}

/** The import's columns and one made-up row, a file to start from. */
export function importTemplate(): Promise<Blob> {
  return apiFile('/api/products/import-template.csv');
}

/** The whole catalog as a CSV file; `bom` starts it with a byte-order mark, for Excel to read it as UTF-8. */
export function exportProducts(bom: boolean): Promise<Blob> {
  return apiFile(`/api/products/export.csv${bom ? '?bom=true' : ''}`);
}

/** The trade's XML files: ACES (applications, the fitment import) and PIES (products, the catalog import). */
export type TradeFormat = 'aces' | 'pies';
const TRADE_PATHS: Record<TradeFormat, { import: string; export: string }> = {
  aces: { import: '/api/fitment/import', export: '/api/fitment/export.xml' },
  pies: { import: '/api/products/import', export: '/api/products/export.xml' },
};

/** Sends an ACES or PIES file: a dry run checks it; a real import with a problem is refused (422) with the same report, answered like one. */
export function useImportTradeFile() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: async ({ format, xml, dryRun }: { format: TradeFormat; xml: string; dryRun: boolean }): Promise<TradeImportReport> => {
      try {
        return await apiFetch<TradeImportReport>(`${TRADE_PATHS[format].import}?format=${format}${dryRun ? '&dryRun=true' : ''}`, {
          method: 'POST',
          body: xml,
          contentType: 'application/xml',
        });
      } catch (failure) {
        const refused = failure instanceof ApiError && failure.status === 422 ? tradeImportReportSchema.safeParse(failure.body) : null;
        if (refused?.success) return refused.data;
        throw failure;
      }
    },
    onSuccess: (report, { dryRun }) => {
      if (!dryRun && report.errors.length === 0) return invalidate();
    },
  });
}

export function exportTradeFile(format: TradeFormat): Promise<Blob> {
  return apiFile(`${TRADE_PATHS[format].export}?format=${format}`);
}
