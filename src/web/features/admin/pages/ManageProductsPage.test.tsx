import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorMessages } from '../../../../shared/messages.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { aProduct } from '../../../test/fixtures.js';
import type { OpenOrders, Product, ProductChange } from '../../../../shared/api.js';
import { chooseAction, openActions } from '../../../test/actions-menu.js';
import type { StockMovement } from '../../../../shared/back-office.js';
import { ManageProductsPage } from './ManageProductsPage.js';

const admin = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' as const };

/** The shop with one product, Brake Pads (id 7, 100 units), and these open orders of it. */
function shopWith(open: OpenOrders) {
  let removed = false;
  return mockFetch((url, init) => {
    if (url.startsWith('/api/admin/products?')) return { status: 200, body: { items: removed ? [] : [aProduct()], nextCursor: null, didYouMean: null } };
    if (url === '/api/products/7/open-orders') return { status: 200, body: open };
    if (url === '/api/products/7' && init.method === 'DELETE') {
      removed = true;
      return { status: 200, body: aProduct() };
    }
    return undefined;
  });
}

const KEPT_QUESTION = 'Are you sure you want to remove Brake Pads? It has 100 units in stock';

describe('ManageProductsPage', () => {
  it('asks for the open orders before confirming, and says how many unpaid orders removing cancels', async () => {
    const { calls } = shopWith({ unpaid: 2, toShip: 1 });
    const { user } = renderWithProviders(<ManageProductsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    await chooseAction(user, 'Brake Pads', 'Remove Brake Pads');

    const dialog = within(await screen.findByRole('alertdialog'));
    expect(calls.map((call) => call.url)).toContain('/api/products/7/open-orders');
    // The original question word for word (docs/legacy-contract.md#confirmations), then what happens to the orders.
    const paragraphs = dialog.getAllByText(/./, { selector: 'p' }).map((p) => p.textContent);
    expect(paragraphs).toEqual([
      KEPT_QUESTION,
      'It has 2 unpaid orders: removing the product cancels them, and their customers are told by e-mail.',
      'Its 1 paid order still to ship stays, and can still be delivered.',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Keep product' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await chooseAction(user, 'Brake Pads', 'Remove Brake Pads');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove product' }));
    expect(await screen.findByText('The Product Brake Pads with 100 units of stock is removed successfully!!!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/products/7']);
  });

  it('says one unpaid order in the singular', async () => {
    shopWith({ unpaid: 1, toShip: 0 });
    const { user } = renderWithProviders(<ManageProductsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    await chooseAction(user, 'Brake Pads', 'Remove Brake Pads');
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('It has 1 unpaid order: removing the product cancels it, and its customer is told by e-mail.')).toBeInTheDocument();
    expect(dialog.queryByText(/paid order still to ship/)).not.toBeInTheDocument();
  });

  it("asks only the original question for a product without open orders", async () => {
    shopWith({ unpaid: 0, toShip: 0 });
    const { user } = renderWithProviders(<ManageProductsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    await chooseAction(user, 'Brake Pads', 'Remove Brake Pads');
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getAllByText(/./, { selector: 'p' }).map((p) => p.textContent)).toEqual([KEPT_QUESTION]);
  });

  it("shows the shop's own picture for a product image that fails to load", async () => {
    shopWith({ unpaid: 0, toShip: 0 });
    renderWithProviders(<ManageProductsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    const row = within((await screen.findByRole('cell', { name: 'Brake Pads' })).closest('tr')!);
    const image = row.getByRole('presentation');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/images/product-fallback.svg');
  });

  it('says why, and asks nothing, when the open orders cannot be read', async () => {
    const { calls } = mockFetch((url) => {
      if (url.startsWith('/api/admin/products?')) return { status: 200, body: { items: [aProduct()], nextCursor: null, didYouMean: null } };
      if (url === '/api/products/7/open-orders') return apiError(404, 'not_found', serverMessage(errorMessages.notFound, 'Product'));
      return undefined;
    });
    const { user } = renderWithProviders(<ManageProductsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    await chooseAction(user, 'Brake Pads', 'Remove Brake Pads');
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });
});

/**
 * A shop whose admin list is `pages` (each answered for the cursor before it), which restocks, archives and
 * restores Brake Pads (id 7) for real and knows its `changes`.
 */
function catalogShop({ pages = [[aProduct()]], changes = [], movements = [] }: { pages?: Product[][]; changes?: ProductChange[]; movements?: StockMovement[] } = {}) {
  const products = new Map(pages.flat().map((product) => [product._id, product]));
  return mockFetch((url, init) => {
    if (url.startsWith('/api/admin/products?')) {
      const index = Number(new URL(url, 'http://shop').searchParams.get('cursor') ?? 0);
      const items = (pages[index] ?? []).map((product) => products.get(product._id)!);
      return { status: 200, body: { items, nextCursor: index + 1 < pages.length ? String(index + 1) : null, didYouMean: null } };
    }
    const brakePads = products.get('7')!;
    if (url === '/api/products/7/restock' && init.method === 'POST') {
      const { quantity } = JSON.parse(String(init.body)) as { quantity: number };
      products.set('7', { ...brakePads, stock: brakePads.stock + quantity });
      return { status: 200, body: products.get('7') };
    }
    if (url === '/api/products/7' && init.method === 'PATCH') {
      const { active } = JSON.parse(String(init.body)) as { active: boolean };
      products.set('7', { ...brakePads, active });
      return { status: 200, body: products.get('7') };
    }
    if (url === '/api/products/7/changes') return { status: 200, body: changes };
    if (url === '/api/products/7/stock-movements') return { status: 200, body: { items: movements, nextCursor: null } };
    return undefined;
  });
}

const asAdmin = { auth: fakeAuth({ user: admin, isAdmin: true }) };
const rowOf = async (name: string) => within((await screen.findByRole('cell', { name })).closest('tr')!);
const listCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.startsWith('/api/admin/products?')).map((call) => Object.fromEntries(new URL(call.url, 'http://shop').searchParams));

describe('ManageProductsPage: the admin catalog', () => {
  it('lists every part, archived ones too, one line each: its part number, category, price, stock, status and its actions in a menu', async () => {
    const { calls } = catalogShop({ pages: [[aProduct(), aProduct({ _id: '8', name: 'Wiper Blade', sku: 'WP-300', active: false })]] });
    const { user } = renderWithProviders(<ManageProductsPage />, asAdmin);
    expect(screen.getByRole('heading', { name: 'Manage Products' })).toBeInTheDocument();
    const table = within(await screen.findByRole('table'));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Image',
      'Part Number',
      'Name',
      'Category',
      'Price ($)',
      'Stock (units)',
      'Status',
      'Action',
    ]);
    const row = await rowOf('Brake Pads');
    expect(row.getAllByRole('cell').slice(1).map((cell) => cell.textContent)).toEqual(['BR-2040', 'Brake Pads', 'Brakes', '$12.50', '100', 'active', 'Actions▾']);
    expect(row.queryByRole('menuitem')).not.toBeInTheDocument();
    const menu = within(await openActions(user, 'Brake Pads'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Restock', 'Archive', 'History', 'Remove']);
    expect(menu.getByRole('menuitem', { name: 'Edit Brake Pads' })).toHaveAttribute('href', '/dashboard/edit-product/7');
    const archived = await rowOf('Wiper Blade');
    expect(archived.getByText('archived')).toBeInTheDocument();
    const archivedMenu = within(await openActions(user, 'Wiper Blade'));
    expect(archivedMenu.getByRole('menuitem', { name: 'Restore Wiper Blade' })).toBeInTheDocument();
    expect(archivedMenu.queryByRole('menuitem', { name: 'Archive Wiper Blade' })).not.toBeInTheDocument();
    // One menu open at a time: opening the second closed the first (a click outside it).
    expect(screen.getAllByRole('menu')).toHaveLength(1);
    expect(listCalls(calls)).toEqual([{ limit: '24', status: 'all' }]);
  });

  it('asks the server for a search (after a pause in typing), a category and a status', async () => {
    const { calls } = catalogShop();
    const { user } = renderWithProviders(<ManageProductsPage />, asAdmin);
    await screen.findByRole('cell', { name: 'Brake Pads' });
    await user.type(screen.getByLabelText('Search by name or part number'), 'br 2040');
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ limit: '24', status: 'all', q: 'br 2040' }));
    // One call for the search, not one per key.
    expect(listCalls(calls)).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Category'), 'Brakes');
    await user.selectOptions(screen.getByLabelText('Status'), 'Archived');
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ limit: '24', status: 'archived', q: 'br 2040', category: 'brakes' }));
    expect(screen.getByRole('option', { name: 'Active' })).toHaveValue('active');
    expect(screen.getByRole('option', { name: 'All' })).toHaveValue('all');
  });

  it('says when nothing matches', async () => {
    catalogShop({ pages: [[]] });
    renderWithProviders(<ManageProductsPage />, asAdmin);
    expect(await screen.findByText('No products match this search and these filters.')).toBeInTheDocument();
  });

  it('loads the next page with the cursor of the one before', async () => {
    const { calls } = catalogShop({ pages: [[aProduct()], [aProduct({ _id: '8', name: 'Wiper Blade', sku: 'WP-300' })]] });
    const { user } = renderWithProviders(<ManageProductsPage />, asAdmin);
    await screen.findByRole('cell', { name: 'Brake Pads' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('cell', { name: 'Wiper Blade' })).toBeInTheDocument();
    expect(listCalls(calls).at(-1)).toEqual({ limit: '24', status: 'all', cursor: '1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('restocks: checks the units to add, posts them and toasts the new stock', async () => {
    const { calls } = catalogShop();
    const { user } = renderWithProviders(<ManageProductsPage />, asAdmin);
    await chooseAction(user, 'Brake Pads', 'Restock Brake Pads');
    const dialog = within(await screen.findByRole('dialog', { name: 'Restock Brake Pads' }));
    expect(dialog.getByText('BR-2040 · 100 units in stock now')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Add to stock' }));
    expect(await dialog.findByText('Units to add are required')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Units to add'), '2.5');
    await user.click(dialog.getByRole('button', { name: 'Add to stock' }));
    expect(await dialog.findByText('Units to add must be a whole number of 1 or more')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/restock'))).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Units to add'));
    await user.type(dialog.getByLabelText('Units to add'), '25');
    await user.click(dialog.getByRole('button', { name: 'Add to stock' }));
    expect(await screen.findByText('Brake Pads is restocked: 125 units in stock now.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/restock')).map((call) => call.body)).toEqual([{ quantity: 25 }]);
    expect(screen.queryByRole('dialog', { name: 'Restock Brake Pads' })).not.toBeInTheDocument();
    // The table is asked again and shows the new stock.
    await waitFor(async () => expect((await rowOf('Brake Pads')).getAllByRole('cell')[5]).toHaveTextContent('125'));
  });

  it('archives only after a confirmation, and restores at once', async () => {
    const { calls } = catalogShop();
    const { user } = renderWithProviders(<ManageProductsPage />, asAdmin);
    const patches = () => calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
    await chooseAction(user, 'Brake Pads', 'Archive Brake Pads');
    let dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Archive Brake Pads? The shop stops showing it until you restore it; its orders are kept.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep in shop' }));
    expect(patches()).toEqual([]);

    await chooseAction(user, 'Brake Pads', 'Archive Brake Pads');
    dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Archive product' }));
    expect(await screen.findByText('Brake Pads is archived: the shop no longer shows it.')).toBeInTheDocument();
    expect(patches()).toEqual([{ active: false }]);

    expect((await rowOf('Brake Pads')).getByText('archived')).toBeInTheDocument();
    await chooseAction(user, 'Brake Pads', 'Restore Brake Pads');
    expect(await screen.findByText('Brake Pads is restored: it is back in the shop.')).toBeInTheDocument();
    expect(patches()).toEqual([{ active: false }, { active: true }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await within(await openActions(user, 'Brake Pads')).findByRole('menuitem', { name: 'Archive Brake Pads' })).toBeInTheDocument();
  });

  it('lists the history of a product: its stock movements, then who changed its price when, from what to what, and why', async () => {
    const by = { name: 'Ada Admin', email: 'admin@partsmith.example' };
    catalogShop({
      changes: [
        { field: 'stock', from: 100, to: 125, reason: 'restock', by, at: '2030-06-02T10:00:00.000Z' },
        { field: 'price', from: 12.5, to: 14, reason: 'edit', by, at: '2030-06-01T10:00:00.000Z' },
      ],
      movements: [{ at: '2030-06-02T10:00:00.000Z', change: 25, stockAfter: 125, reason: 'restock', orderId: null, actor: 'Ada Admin' }],
    });
    const { user } = renderWithProviders(<ManageProductsPage />, asAdmin);
    await chooseAction(user, 'Brake Pads', 'History of Brake Pads');
    const dialog = within(await screen.findByRole('dialog', { name: 'History of Brake Pads' }));
    const stock = within(await dialog.findByRole('list', { name: 'Stock movements of Brake Pads' }));
    expect(stock.getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([expect.stringMatching(/^RestockedJun 2, 2030.* · Ada Admin\+25125 in stock$/)]);
    const prices = within(await dialog.findByRole('list', { name: 'Price changes of Brake Pads' }));
    expect(prices.getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Price: \$12\.50 → \$14\.00\s*edited.*Jun 1, 2030.* · Ada Admin \(admin@partsmith\.example\)$/),
    ]);
  });
});
