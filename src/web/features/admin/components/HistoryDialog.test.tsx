import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import type { ProductChange } from '../../../../shared/api.js';
import type { StockMovement } from '../../../../shared/back-office.js';
import { aProduct } from '../../../test/fixtures.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { HistoryDialog } from './HistoryDialog.js';

const by = { name: 'Ada Admin', email: 'admin@partsmith.example' };
const movement = (change: number, stockAfter: number, more: Partial<StockMovement> = {}): StockMovement => ({
  at: '2030-06-02T10:00:00.000Z', change, stockAfter, reason: 'restock', orderId: null, actor: 'Ada Admin', ...more,
});

/** Brake Pads (id 7, BR-2040): its ledger in two pages, newest first, and its price and stock changes. */
function ledgerShop(changes: ProductChange[] = []) {
  const pages: Record<string, { items: StockMovement[]; nextCursor: string | null }> = {
    first: {
      items: [movement(3, 103, { reason: 'return', orderId: '42', actor: 'Ada Admin' }), movement(-2, 100, { reason: 'order', orderId: '41', actor: 'Dana Wu' })],
      nextCursor: 'page2',
    },
    page2: { items: [movement(2, 102, { reason: 'expiry', orderId: '40', actor: null }), movement(100, 100, { reason: 'edit', actor: null })], nextCursor: null },
  };
  return mockFetch((url) => {
    if (url === '/api/products/7/stock-movements') return { status: 200, body: pages.first };
    if (url === '/api/products/7/stock-movements?cursor=page2') return { status: 200, body: pages.page2 };
    if (url === '/api/products/7/stock-movements.csv') return { status: 200, body: 'at,reason,change,stock_after,order_id,actor\r\n' };
    if (url === '/api/products/7/changes') return { status: 200, body: changes };
    return undefined;
  });
}

describe('HistoryDialog: a part\'s stock ledger and price changes', () => {
  it('lists each stock movement with its reason, its order or who, the change and the stock after, page by page', async () => {
    ledgerShop();
    const { user } = renderWithProviders(<HistoryDialog product={aProduct()} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'History of Brake Pads' }));
    const list = within(await dialog.findByRole('list', { name: 'Stock movements of Brake Pads' }));
    const texts = () => list.getAllByRole('listitem').map((item) => item.textContent);
    expect(texts()).toEqual([
      expect.stringMatching(/^ReturnedJun 2, 2030.* · ORD-000042 · Ada Admin\+3103 in stock$/),
      expect.stringMatching(/^Order placedJun 2, 2030.* · ORD-000041 · Dana Wu−2100 in stock$/),
    ]);
    expect(list.getByRole('link', { name: 'ORD-000041' })).toHaveAttribute('href', '/dashboard/orders/41');

    await user.click(dialog.getByRole('button', { name: 'Load more' }));
    expect(await list.findByText('Edited')).toBeInTheDocument();
    expect(texts().slice(2)).toEqual([
      expect.stringMatching(/^Order expiredJun 2, 2030.* · ORD-000040 · the shop\+2102 in stock$/),
      expect.stringMatching(/^EditedJun 2, 2030.* · the shop\+100100 in stock$/),
    ]);
    expect(dialog.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('exports the ledger as a CSV file named after the part number', async () => {
    const { calls } = ledgerShop();
    const names: string[] = [];
    URL.createObjectURL = () => 'blob:ledger';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      const { user } = renderWithProviders(<HistoryDialog product={aProduct()} onClose={() => undefined} />);
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await vi.waitFor(() => expect(names).toEqual(['stock-BR-2040.csv']));
      expect(calls.map((call) => call.url)).toContain('/api/products/7/stock-movements.csv');
    } finally {
      click.mockRestore();
    }
  });

  it('keeps listing price changes, and leaves the stock to the ledger', async () => {
    ledgerShop([
      { field: 'stock', from: 100, to: 125, reason: 'restock', by, at: '2030-06-02T10:00:00.000Z' },
      { field: 'price', from: 12.5, to: 14, reason: 'edit', by, at: '2030-06-01T10:00:00.000Z' },
    ]);
    renderWithProviders(<HistoryDialog product={aProduct()} onClose={() => undefined} />);
    const prices = within(await screen.findByRole('list', { name: 'Price changes of Brake Pads' }));
    expect(prices.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Price: \$12\.50 → \$14\.00\s*edited.*Jun 1, 2030.* · Ada Admin \(admin@partsmith\.example\)$/),
    ]);
  });

  it('says when a part has no stock movements or price changes yet', async () => {
    mockFetch((url) => {
      if (url === '/api/products/7/stock-movements') return { status: 200, body: { items: [], nextCursor: null } };
      if (url === '/api/products/7/changes') return { status: 200, body: [] };
      return undefined;
    });
    renderWithProviders(<HistoryDialog product={aProduct()} onClose={() => undefined} />);
    expect(await screen.findByText('No stock movements are recorded for this part yet.')).toBeInTheDocument();
    expect(await screen.findByText('No price changes are recorded for this part yet.')).toBeInTheDocument();
  });
});
