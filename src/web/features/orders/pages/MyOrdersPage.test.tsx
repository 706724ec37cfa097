import { screen, waitFor, within } from '@testing-library/react';
import type { Order } from '../../../../shared/api.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { paidOrder, partlyShippedOrder, unpaidOrder, vermontOrder, VERMONT_CHARGES } from '../../../test/fixtures.js';
import { readCart } from '../../../lib/cart-store.js';
import { MyOrdersPage } from './MyOrdersPage.js';

/** The first page of the customer's orders, as My Orders asks for it. */
const firstPage = `/api/orders/${encodeURIComponent(customer.email)}?limit=25`;
const page = (items: Order[], nextCursor: string | null = null) => ({ status: 200, body: { items, nextCursor, total: items.length } });

/** The buttons of an order's row, by their visible text. */
const buttonsOf = (testId: string) => within(screen.getByTestId(testId)).queryAllByRole('button').map((button) => button.textContent);

describe('MyOrdersPage', () => {
  it('folds the subtotal, shipping, tax lines and total charged under the Total Cost', async () => {
    // $1,500.00 + $11.00 Ground + $90.00 VT 6% + $15.11 Local Option 1% = $1,616.11.
    mockFetch((url) => (url === firstPage ? page([vermontOrder()]) : undefined));
    renderWithProviders(<MyOrdersPage />, { auth: fakeAuth({ user: customer }) });
    const total = within(await screen.findByTestId('order-7')).getAllByRole('cell')[4]!;
    expect(total).toHaveTextContent(/^\$1,616\.11/);
    expect(within(total).getByText('Subtotal, shipping and tax')).toBeInTheDocument();
    expect([...total.querySelectorAll('dl > div')].map((row) => row.textContent)).toEqual(VERMONT_CHARGES);
  });

  it("shows paid orders as 'paid' with the transaction id, offers Pay and Cancel only while unpaid, and reads expired as cancelled (expired)", async () => {
    mockFetch((url) =>
      url === firstPage
        ? page([
            unpaidOrder({ _id: '1' }),
            paidOrder('pi_abc123', { _id: '2' }),
            paidOrder('pi_shipped9', { _id: '3', status: 'shipped' }),
            unpaidOrder({ _id: '4', status: 'expired' }),
            unpaidOrder({ _id: '5', status: 'cancelled' }),
          ])
        : undefined,
    );
    renderWithProviders(<MyOrdersPage />, { auth: fakeAuth({ user: customer }) });
    expect(await screen.findByRole('heading', { name: 'Your Orders: 5' })).toBeInTheDocument();

    const unpaid = within(screen.getByTestId('order-1'));
    expect(unpaid.getByRole('link', { name: 'Pay' })).toHaveAttribute('href', '/dashboard/payment/1');
    expect(unpaid.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    const paid = within(screen.getByTestId('order-2'));
    expect(paid.getByText('paid')).toBeInTheDocument();
    expect(paid.getByText(/Transaction ID:/)).toHaveTextContent('Transaction ID: pi_abc123');
    // No Pay and no Cancel once paid: only its invoice and Order again.
    expect(buttonsOf('order-2')).toEqual(['Invoice INV-000007', 'Order again']);
    expect(paid.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();

    expect(within(screen.getByTestId('order-3')).getByText(/pi_shipped9/)).toBeInTheDocument();

    const expired = within(screen.getByTestId('order-4'));
    expect(expired.getAllByText('cancelled (expired)').length).toBeGreaterThan(0);
    expect(buttonsOf('order-4')).toEqual(['Order again']);
    expect(expired.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();

    expect(buttonsOf('order-5')).toEqual(['Order again']);
  });

  it("loads 25 orders at a time: 'Load more' adds the next page and the heading counts the orders loaded", async () => {
    const newest = Array.from({ length: 25 }, (_, index) => unpaidOrder({ _id: String(100 - index) }));
    const { calls } = mockFetch((url) => {
      if (url === firstPage) return page(newest, 'c1');
      if (url === `${firstPage}&cursor=c1`) return page([paidOrder('pi_old', { _id: '3' })]);
      return undefined;
    });
    const { user } = renderWithProviders(<MyOrdersPage />, { auth: fakeAuth({ user: customer }) });
    expect(await screen.findByRole('heading', { name: 'Your Orders: 25' })).toBeInTheDocument();
    expect(screen.queryByTestId('order-3')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('order-3')).toBeInTheDocument();
    expect(screen.getByTestId('order-100')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Orders: 26' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([firstPage, `${firstPage}&cursor=c1`]);
  });

  it("asks before cancelling with buttons that say what they do: 'Keep order' keeps it, 'Cancel order' cancels it", async () => {
    const orders = [unpaidOrder({ _id: '1' })];
    const { calls } = mockFetch((url, init) => {
      if (url === firstPage) return page(orders);
      if (url === '/api/orders/1' && init.method === 'DELETE') {
        orders[0] = unpaidOrder({ _id: '1', status: 'cancelled' });
        return { status: 200, body: orders[0] };
      }
      return undefined;
    });
    const { user } = renderWithProviders(<MyOrdersPage />, { auth: fakeAuth({ user: customer }) });
    await user.click(within(await screen.findByTestId('order-1')).getByRole('button', { name: 'Cancel' }));

    const dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByText('Are you sure you want to remove the order of 120 units of Brake Pads?')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(within(screen.getByTestId('order-1')).getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Your Order of 120 units of Brake Pads is cancelled successfully!!!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/orders/1']);
  });

  it("'Order again' puts the order's parts and quantities in the cart, instead of what it held, and goes to the cart", async () => {
    const twoParts = unpaidOrder({
      _id: '11',
      number: 'ORD-000011',
      status: 'shipped',
      paid: true,
      product: 'Front Brake Pad Set and 1 more part',
      sku: 'BP-1507',
      quantity: 20,
      price: 30,
      total: 460,
      poNumber: 'PO-4711',
      lines: [
        { productId: '3', sku: 'BP-1507', product: 'Front Brake Pad Set', quantity: 12, unitPrice: 30, listPrice: 30, lineTotal: 360, coreCharge: 0, shippedQuantity: 0, returnedQuantity: 0 },
        { productId: '5', sku: 'FL-2200', product: 'Oil Filter', quantity: 8, unitPrice: 12.5, listPrice: 12.5, lineTotal: 100, coreCharge: 0, shippedQuantity: 0, returnedQuantity: 0 },
      ],
    });
    mockFetch((url) => (url === firstPage ? page([twoParts]) : undefined));
    localStorage.setItem('partsmith:cart', JSON.stringify([{ productId: '9', quantity: 4 }]));
    const { user } = renderWithProviders(<MyOrdersPage />, { auth: fakeAuth({ user: customer }) });

    const row = within(await screen.findByTestId('order-11'));
    // Each line with its own quantity and unit price (not one price for the order), and the order's total.
    const [, product, quantity, unitPrice, total] = row.getAllByRole('cell');
    const items = (cell: HTMLElement) => within(cell).getAllByRole('listitem').map((item) => item.textContent);
    expect(items(product!)).toEqual(['BP-1507 · Front Brake Pad Set × 12', 'FL-2200 · Oil Filter × 8']);
    expect(items(quantity!)).toEqual(['12', '8']);
    expect(items(unitPrice!)).toEqual(['$30.00', '$12.50']);
    expect(total).toHaveTextContent('$460');
    // Its number opens the order's page; its date says when it was placed.
    expect(row.getByRole('link', { name: 'Open order ORD-000011' })).toHaveAttribute('href', '/dashboard/orders/11');
    expect(row.getByText(/^Jun 1, 2030/)).toBeInTheDocument();
    expect(row.getByText('PO PO-4711')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Order again: the parts of order 11' }));
    expect(await screen.findByText('Page at /cart')).toBeInTheDocument();
    expect(screen.getByText('The cart now holds the 2 parts of this order, at today’s prices.')).toBeInTheDocument();
    expect(readCart()).toEqual([
      { productId: '3', quantity: 12 },
      { productId: '5', quantity: 8 },
    ]);
  });

  it('downloads the invoice of a paid order with the token, as invoice-<number>.pdf', async () => {
    localStorage.setItem('token', 'tok-customer');
    const { calls } = mockFetch((url) => {
      if (url === firstPage) return page([paidOrder('pi_1', { _id: '42', invoiceNumber: 'INV-000042' })]);
      if (url === '/api/orders/42/invoice.pdf') return { status: 200, body: '%PDF-1.7 invoice' };
      return undefined;
    });
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      blobs.set(`blob:${blobs.size}`, blob);
      return `blob:${blobs.size - 1}`;
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
    });
    try {
      const { user } = renderWithProviders(<MyOrdersPage />, { auth: fakeAuth({ user: customer }) });
      await user.click(within(await screen.findByTestId('order-42')).getByRole('button', { name: 'Invoice INV-000042' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(calls.filter((call) => call.url.includes('invoice')).map((call) => [call.method, call.url, call.headers.Authorization])).toEqual([
        ['GET', '/api/orders/42/invoice.pdf', 'Bearer tok-customer'],
      ]);
      expect(saved[0]!.name).toBe('invoice-INV-000042.pdf');
      expect(await saved[0]!.blob.text()).toContain('%PDF-1.7 invoice');
    } finally {
      click.mockRestore();
    }
  });

  it('shows each parcel of an order under its status, the tracking number linking to the carrier; none on an order not shipped', async () => {
    mockFetch((url) => (url === firstPage ? page([partlyShippedOrder(), paidOrder('pi_2', { _id: '8', number: 'ORD-000008' })]) : undefined));
    renderWithProviders(<MyOrdersPage />, { auth: fakeAuth({ user: customer }) });
    const status = within(within(await screen.findByTestId('order-7')).getAllByRole('cell')[5]!);
    expect(status.getByText('Partially shipped')).toBeInTheDocument();
    const parcel = within(status.getByTestId('shipment-3'));
    expect(parcel.getByText('SHP-000003 · UPS')).toBeInTheDocument();
    expect(parcel.getByRole('link', { name: 'Tracking 1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(parcel.getByText('50 × BR-2040 Brake Pads')).toBeInTheDocument();
    expect(parcel.getByText(/^Shipped Jun 3, 2030/)).toBeInTheDocument();
    expect(within(screen.getByTestId('order-8')).queryByRole('list', { name: /Shipments/ })).not.toBeInTheDocument();
  });

  it("lists a cancelled paid order's refund with its credit note, which downloads as credit-note-CN-000003.pdf", async () => {
    const refunded = paidOrder('pi_1', {
      _id: '8',
      status: 'cancelled',
      paid: false,
      refunded: 1500,
      refunds: [{ id: '3', amount: 1500, creditNote: 'CN-000003', createdAt: '2030-06-03T09:00:00.000Z' }],
    });
    const { calls } = mockFetch((url) => {
      if (url === firstPage) return page([refunded, unpaidOrder({ _id: '9' })]);
      if (url === '/api/refunds/3/credit-note.pdf') return { status: 200, body: '%PDF-1.7 credit note' };
      return undefined;
    });
    const names: string[] = [];
    URL.createObjectURL = () => 'blob:credit-note';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      const { user } = renderWithProviders(<MyOrdersPage />, { auth: fakeAuth({ user: customer }) });
      const refund = within(await screen.findByTestId('refund-3'));
      expect(refund.getByText(/^\$1,500\.00 refunded on /)).toBeInTheDocument();
      expect(within(screen.getByTestId('order-9')).queryByRole('region', { name: 'Refunds' })).not.toBeInTheDocument();
      await user.click(refund.getByRole('button', { name: 'Credit note CN-000003' }));
      await waitFor(() => expect(names).toEqual(['credit-note-CN-000003.pdf']));
      expect(calls.map((call) => call.url)).toContain('/api/refunds/3/credit-note.pdf');
    } finally {
      click.mockRestore();
    }
  });
});
