import { screen, waitFor, within } from '@testing-library/react';
import { fakeAuth, mockFetch, renderWithProviders, customer } from '../../../test/render.js';
import { aShipment, paidOrder, partlyShippedOrder, unpaidOrder, vermontOrder, VERMONT_CHARGES } from '../../../test/fixtures.js';
import type { Order } from '../../../../shared/api.js';
import type { AdminCompany } from '../../../../shared/companies.js';
import { ManageOrdersPage } from './ManageOrdersPage.js';
import { cardMessages } from '../../../../shared/card.js';
import { refundMessages } from '../../../../shared/messages.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { chooseAction, openActions } from '../../../test/actions-menu.js';

const admin = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' as const };
const asAdmin = { auth: fakeAuth({ user: admin, isAdmin: true }) };
/** The page asks for its first page of every order, newest first. */
const FIRST_PAGE = '/api/orders?limit=25';
/** A page of the list; `total`, the orders the filters match, is the page's own count unless more are said to match. */
const page = (items: Order[], nextCursor: string | null = null, total = items.length) => ({ status: 200, body: { items, nextCursor, total } });

/** A company as GET /api/admin/companies answers it (the chip names the one filtered to). */
const aCompany = (id: number, name: string): AdminCompany => ({
  id,
  name,
  status: 'approved',
  vatId: null,
  taxCertificate: null,
  phone: '+1 555 0100',
  address: { name: 'Receiving', company: name, line1: '1 Main St', line2: '', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US', phone: '' },
  declineReason: null,
  priceListId: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  applicant: { userId: 3, name: 'Nora North', email: 'nora@example.com' },
  memberCount: 0,
  members: [],
  spentLast30Days: 0,
});

describe('ManageOrdersPage', () => {
  it('shows a row per order: its number, the day placed, the customer, where it goes, the total, status and what is left to do', async () => {
    const partly = partlyShippedOrder({ _id: '5', number: 'ORD-000005', name: 'Bob Stone', email: 'bob@example.com', shippingAddress: { ...vermontOrder().shippingAddress!, city: 'Lyon', region: '', country: 'FR' } });
    mockFetch((url) => (url === FIRST_PAGE ? page([vermontOrder(), partly, paidOrder('pi_3', { _id: '3', number: 'ORD-000003', status: 'shipped' })], 'next', 312) : undefined));
    renderWithProviders(<ManageOrdersPage />, asAdmin);
    expect(within(await screen.findByRole('table')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Order',
      'Placed',
      'Customer',
      'Ship to',
      'Total ($)',
      'Status',
      'To do',
      'Action',
    ]);
    // The server's count of every order matching, not the three loaded.
    expect(screen.getByTestId('orders-count')).toHaveTextContent(/^312 orders$/);
    const cells = (id: string) => within(screen.getByTestId(`order-${id}`)).getAllByRole('cell').map((cell) => cell.firstChild?.textContent ?? '');
    const placed = new Date('2030-06-01T10:00:00.000Z').toLocaleDateString('en-US', { dateStyle: 'medium' });
    expect(cells('7').slice(0, 4)).toEqual(['ORD-000007', placed, customer.name, 'Burlington, VT, US']);
    expect(within(screen.getByTestId('order-7')).getByRole('link', { name: 'ORD-000007' })).toHaveAttribute('href', '/dashboard/orders/7');
    expect(within(screen.getByTestId('order-7')).getByText(customer.email)).toBeInTheDocument();
    const leftToDo = (id: string) => within(screen.getByTestId(`order-${id}`)).getAllByRole('cell')[6]!.textContent;
    expect(leftToDo('7')).toBe('Awaiting payment');
    // 120 ordered, 50 shipped: 70 of 120 left.
    expect(cells('5').slice(2, 4)).toEqual(['Bob Stone', 'Lyon, FR']);
    expect(within(screen.getByTestId('order-5')).getAllByRole('cell')[5]).toHaveTextContent('Partially shipped');
    expect(leftToDo('5')).toBe('Ship 70 of 120 units');
    expect(leftToDo('3')).toBe('Nothing');
  });

  it('shows under the total the figures charged, the ship-to address and the method, and the reverse charge', async () => {
    // $1,500.00 + $11.00 Ground + $90.00 VT 6% + $15.11 Local Option 1% = $1,616.11.
    const german = vermontOrder({
      _id: '8',
      number: 'ORD-000008',
      shipping: 25,
      tax: 0,
      taxLines: [],
      total: 1525,
      reverseCharge: true,
      vatId: 'DE136695976',
      shippingMethod: { id: 'eu', name: 'EU Road' },
    });
    mockFetch((url) => (url === FIRST_PAGE ? page([vermontOrder(), german]) : undefined));
    renderWithProviders(<ManageOrdersPage />, asAdmin);
    const total = within(await screen.findByTestId('order-7')).getAllByRole('cell')[4]!;
    expect(total).toHaveTextContent(/^\$1,616\.11/);
    expect([...total.querySelectorAll('dl > div')].map((row) => row.textContent)).toEqual(VERMONT_CHARGES);
    const shipTo = within(within(total).getByTestId('ship-to'));
    expect(shipTo.getByText('Burlington, VT 05401')).toBeInTheDocument();
    expect(shipTo.getByText('Acme Ltd')).toBeInTheDocument();
    expect(shipTo.getByText('Shipping method: Ground')).toBeInTheDocument();
    // A German distributor with a VAT ID: $1,500.00 + $25.00, no VAT.
    const reverse = within(screen.getByTestId('order-8')).getAllByRole('cell')[4]!;
    expect([...reverse.querySelectorAll('dl > div')].map((row) => row.textContent)).toEqual(['Subtotal$1,500.00', 'Shipping (EU Road)$25.00', 'Total$1,525.00']);
    expect(within(reverse).getByTestId('charge-reverse')).toHaveTextContent("Buyer's VAT ID: DE136695976");
  });

  it("opens an order's history in a dialog from its Actions menu", async () => {
    const { calls } = mockFetch((url) => {
      if (url === FIRST_PAGE) return page([paidOrder('pi_1', { _id: '8', status: 'shipped' }), unpaidOrder({ _id: '9' })]);
      if (url === '/api/orders/8/history')
        return {
          status: 200,
          body: [
            { from: null, to: 'not paid', actor: 'customer', by: { name: 'Casey Customer', email: customer.email }, at: '2030-06-01T10:00:00.000Z' },
            { from: 'not paid', to: 'pending', actor: 'payment', by: null, at: '2030-06-01T10:05:00.000Z' },
            { from: 'pending', to: 'shipped', actor: 'admin', by: { name: 'Ada Admin', email: admin.email }, at: '2030-06-02T09:00:00.000Z' },
          ],
        };
      return undefined;
    });
    const { user } = renderWithProviders(<ManageOrdersPage />, asAdmin);
    const shipped = within(await screen.findByTestId('order-8'));
    expect(shipped.getByText('Delivered')).toBeInTheDocument();
    await chooseAction(user, 'ORD-000007', 'History of order 8', screen.getByTestId('order-8'));
    const dialog = await screen.findByRole('dialog', { name: /History of order 8/ });
    const events = await within(dialog).findAllByTestId('history-event');
    expect(events.map((event) => event.querySelector('p')?.textContent)).toEqual([
      'placed: new → Awaiting payment',
      'paid: Awaiting payment → Paid – preparing shipment',
      'shipped: Paid – preparing shipment → Shipped',
    ]);
    expect(events[0]).toHaveTextContent(`by Casey Customer (${customer.email}), customer`);
    expect(events[1]).toHaveTextContent('by payment provider');
    expect(events[2]).toHaveTextContent('by Ada Admin (admin@partsmith.example), admin');
    expect(within(dialog).getAllByText((_, element) => element?.tagName === 'TIME')[0]).toHaveAttribute('datetime', '2030-06-01T10:00:00.000Z');
    expect(calls.some((call) => call.url === '/api/orders/9/history')).toBe(false);

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("names the dialog buttons after what they do: 'Keep order' / 'Cancel order', 'Not yet' / 'Deliver order'", async () => {
    const { calls } = mockFetch((url, init) => {
      if (url === FIRST_PAGE) return page([paidOrder('pi_1', { _id: '8' }), unpaidOrder({ _id: '9' })]);
      if (url === '/api/orders/9' && init.method === 'DELETE') return { status: 200, body: unpaidOrder({ _id: '9', status: 'cancelled' }) };
      return undefined;
    });
    const { user } = renderWithProviders(<ManageOrdersPage />, asAdmin);

    await user.click(within(await screen.findByTestId('order-8')).getByRole('button', { name: 'Deliver' }));
    let dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByText('Are you sure you want to shipped the order of 120 units of Brake Pads to Casey Customer?')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Deliver order' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(within(screen.getByTestId('order-9')).getByRole('button', { name: 'Cancel' }));
    dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByText('Are you sure you want to remove the order of 120 units of Brake Pads?')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Keep order' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('The Order of 120 units of Brake Pads is cancelled successfully!!!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /api/orders/9']);
  });

  it("names an order's parts under its number, and downloads a paid order's invoice from its menu", async () => {
    const twoParts = paidOrder('pi_2', {
      _id: '12',
      invoiceNumber: 'INV-000012',
      product: 'Front Brake Pad Set and 1 more part',
      sku: 'BP-1507',
      quantity: 20,
      total: 460,
      poNumber: 'PO-4711',
      lines: [
        { productId: '3', sku: 'BP-1507', product: 'Front Brake Pad Set', quantity: 12, unitPrice: 30, listPrice: 30, lineTotal: 360, coreCharge: 0, shippedQuantity: 0, returnedQuantity: 0 },
        { productId: '5', sku: 'FL-2200', product: 'Oil Filter', quantity: 8, unitPrice: 12.5, listPrice: 12.5, lineTotal: 100, coreCharge: 0, shippedQuantity: 0, returnedQuantity: 0 },
      ],
    });
    const { calls } = mockFetch((url) => {
      if (url === FIRST_PAGE) return page([twoParts, unpaidOrder({ _id: '9' })]);
      if (url === '/api/orders/12/invoice.pdf') return { status: 200, body: '%PDF-1.7 invoice' };
      return undefined;
    });
    const names: string[] = [];
    URL.createObjectURL = () => 'blob:invoice';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      const { user } = renderWithProviders(<ManageOrdersPage />, asAdmin);
      const several = within(await screen.findByTestId('order-12'));
      expect(several.getAllByRole('cell')[0]).toHaveTextContent('ORD-000007Front Brake Pad Set and 1 more partPO PO-4711');
      const one = within(screen.getByTestId('order-9'));
      expect(one.getAllByRole('cell')[0]).toHaveTextContent(/^ORD-000007Brake Pads$/);
      expect(within(await openActions(user, 'ORD-000007', screen.getByTestId('order-9'))).queryByRole('menuitem', { name: /Invoice/ })).not.toBeInTheDocument();

      await chooseAction(user, 'ORD-000007', 'Invoice INV-000012', screen.getByTestId('order-12'));
      await waitFor(() => expect(names).toEqual(['invoice-INV-000012.pdf']));
      expect(calls.map((call) => call.url)).toContain('/api/orders/12/invoice.pdf');
    } finally {
      click.mockRestore();
    }
  });

  it('keeps the filters in the address, asks the server for them, and loads more pages', async () => {
    const { calls } = mockFetch((url) => {
      if (url === '/api/orders?q=bob&status=pending&limit=25') return page([paidOrder('pi_1', { _id: '30' })], 'c1', 2);
      if (url === '/api/orders?q=bob&status=pending&limit=25&cursor=c1') return page([paidOrder('pi_2', { _id: '29' })], null, 2);
      if (url === '/api/orders?q=bob&status=shipped&limit=25') return page([]);
      if (url === '/api/orders?q=bob&status=shipped&from=2030-06-01&limit=25') return page([paidOrder('pi_3', { _id: '7', status: 'shipped' })]);
      if (url === '/api/orders?q=bob+stone&status=shipped&from=2030-06-01&limit=25') return page([]);
      return undefined;
    });
    const { user } = renderWithProviders(<ManageOrdersPage />, { ...asAdmin, route: '/under-test?status=pending&q=bob&junk=1' });
    expect(await screen.findByTestId('order-30')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    expect(screen.getByRole('searchbox', { name: /Search by order id/ })).toHaveValue('bob');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('order-29')).toBeInTheDocument();
    expect(screen.getByTestId('order-30')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manage All Orders' })).toBeInTheDocument();
    expect(screen.getByTestId('orders-count')).toHaveTextContent(/^2 orders$/);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'shipped');
    expect(await screen.findByText('No orders match this search and these filters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Placed from'), '2030-06-01');
    expect(await screen.findByTestId('order-7')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: /Search by order id/ }), ' stone');
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/orders?q=bob+stone&status=shipped&from=2030-06-01&limit=25'));
    expect(calls.every((call) => !call.url.includes('junk'))).toBe(true);
  });

  it('exports the orders the filters list as a CSV file', async () => {
    const { calls } = mockFetch((url) => {
      if (url === '/api/orders?status=cancelled&sort=-total&limit=25') return page([unpaidOrder({ _id: '9', status: 'cancelled' })]);
      if (url === '/api/orders/export.csv?status=cancelled&sort=-total') return { status: 200, body: 'orderId,placedAt\r\n9,2030-06-01\r\n' };
      return undefined;
    });
    const names: string[] = [];
    URL.createObjectURL = () => 'blob:orders';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      const { user } = renderWithProviders(<ManageOrdersPage />, { ...asAdmin, route: '/under-test?status=cancelled&sort=-total' });
      expect(await screen.findByTestId('order-9')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-total');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(names).toEqual(['partsmith-orders.csv']));
      expect(calls.map((call) => call.url)).toContain('/api/orders/export.csv?status=cancelled&sort=-total');
    } finally {
      click.mockRestore();
    }
  });

  it("lists one company's orders when the address names it, exports them, and the chip clears it", async () => {
    const { calls } = mockFetch((url) => {
      if (url === '/api/orders?status=pending&companyId=2&limit=25') return page([paidOrder('pi_1', { _id: '30' })]);
      if (url === '/api/orders/export.csv?status=pending&companyId=2') return { status: 200, body: 'orderId\r\n30\r\n' };
      if (url === '/api/orders?status=pending&limit=25') return page([paidOrder('pi_1', { _id: '30' }), paidOrder('pi_2', { _id: '31' })]);
      if (url === '/api/admin/companies') return { status: 200, body: [aCompany(1, 'Northway Fleet'), aCompany(2, 'Southside Garage')] };
      return undefined;
    });
    const names: string[] = [];
    URL.createObjectURL = () => 'blob:orders';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      const { user } = renderWithProviders(<ManageOrdersPage />, { ...asAdmin, route: '/under-test?companyId=2&status=pending' });
      expect(await screen.findByTestId('order-30')).toBeInTheDocument();
      expect(await screen.findByText('Company: Southside Garage')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(names).toEqual(['partsmith-orders.csv']));
      expect(calls.map((call) => call.url)).toContain('/api/orders/export.csv?status=pending&companyId=2');

      await user.click(screen.getByRole('button', { name: 'Show every company’s orders' }));
      expect(await screen.findByTestId('order-31')).toBeInTheDocument();
      expect(screen.queryByTestId('company-filter')).not.toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    } finally {
      click.mockRestore();
    }
  });

  it('ignores a companyId that is no id', async () => {
    const { calls } = mockFetch((url) => (url === FIRST_PAGE ? page([paidOrder('pi_1', { _id: '30' })]) : undefined));
    renderWithProviders(<ManageOrdersPage />, { ...asAdmin, route: '/under-test?companyId=fleet' });
    expect(await screen.findByTestId('order-30')).toBeInTheDocument();
    expect(screen.queryByTestId('company-filter')).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([FIRST_PAGE]);
  });

  it('names a company it does not know by its id', async () => {
    const { calls } = mockFetch((url) => {
      if (url === '/api/orders?companyId=77&limit=25') return page([]);
      if (url === '/api/admin/companies') return { status: 200, body: [] };
      return undefined;
    });
    renderWithProviders(<ManageOrdersPage />, { ...asAdmin, route: '/under-test?companyId=77' });
    expect(await screen.findByText('Company: #77')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/orders?companyId=77&limit=25'));
  });

  it('shows what is left to ship and ships part of it: each line prefilled with what is left, the carrier and tracking number', async () => {
    const { calls } = mockFetch((url, init) => {
      if (url === FIRST_PAGE) return page([partlyShippedOrder()]);
      if (url === '/api/orders/7/shipments' && init.method === 'POST') {
        return { status: 201, body: aShipment({ id: '4', number: 'SHP-000004', lines: [{ productId: '3', quantity: 30 }], carrier: 'FedEx', trackingNumber: '7712', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=7712' }) };
      }
      return undefined;
    });
    const { user } = renderWithProviders(<ManageOrdersPage />, asAdmin);
    const row = within(await screen.findByTestId('order-7'));
    expect(row.getByText('Partially shipped')).toBeInTheDocument();
    // 120 ordered, 50 shipped.
    expect(row.getAllByRole('cell')[6]).toHaveTextContent('Ship 70 of 120 units');
    // SPEC's Deliver stays in the row, Ship is in its menu.
    expect(row.getByRole('button', { name: 'Deliver' })).toBeInTheDocument();

    await chooseAction(user, 'ORD-000007', 'Ship units of order ORD-000007');
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship order ORD-000007' }));
    const quantity = dialog.getByLabelText('BR-2040 Brake Pads (70 left)');
    expect(quantity).toHaveValue(70);

    await user.clear(quantity);
    await user.type(quantity, '71');
    await user.click(dialog.getByRole('button', { name: 'Record shipment' }));
    expect(await dialog.findByText('Only 70 units of BR-2040 Brake Pads are left to ship')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.type(dialog.getByLabelText('Tracking number'), 'x');
    await user.click(dialog.getByRole('button', { name: 'Record shipment' }));
    expect(await dialog.findByText('Ship at least one unit')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Tracking number'));
    await user.clear(quantity);
    await user.type(quantity, '30');
    await user.click(dialog.getByRole('button', { name: 'Record shipment' }));
    expect(await dialog.findByText('Enter the tracking number')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.selectOptions(dialog.getByLabelText('Carrier'), 'FedEx');
    await user.type(dialog.getByLabelText('Tracking number'), '7712');
    await user.click(dialog.getByRole('button', { name: 'Record shipment' }));
    expect(await screen.findByText('Shipment SHP-000004 of order ORD-000007 is recorded')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/orders/7/shipments', body: { lines: [{ productId: 3, quantity: 30 }], carrier: 'FedEx', trackingNumber: '7712', trackingUrl: '' } }),
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no Ship action on an unpaid or shipped order, and downloads a parcel\'s packing slip', async () => {
    const shipped = paidOrder('pi_9', { _id: '9', number: 'ORD-000009', status: 'shipped', shipments: [aShipment({ id: '5', number: 'SHP-000005' })] });
    const { calls } = mockFetch((url) => {
      if (url === FIRST_PAGE) return page([shipped, unpaidOrder({ _id: '10' })]);
      if (url === '/api/shipments/5/packing-slip.pdf') return { status: 200, body: '%PDF-1.7 packing slip' };
      return undefined;
    });
    const names: string[] = [];
    URL.createObjectURL = () => 'blob:slip';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      const { user } = renderWithProviders(<ManageOrdersPage />, asAdmin);
      const row = within(await screen.findByTestId('order-9'));
      expect(row.getAllByRole('cell')[6]).toHaveTextContent('Nothing');
      const unpaidMenu = within(await openActions(user, 'ORD-000007'));
      expect(unpaidMenu.queryByRole('menuitem', { name: /Ship units/ })).not.toBeInTheDocument();
      const menu = within(await openActions(user, 'ORD-000009'));
      expect(menu.queryByRole('menuitem', { name: /Ship units/ })).not.toBeInTheDocument();
      await user.click(menu.getByRole('menuitem', { name: 'Packing slip SHP-000005' }));
      await waitFor(() => expect(names).toEqual(['packing-slip-SHP-000005.pdf']));
      expect(calls.map((call) => call.url)).toContain('/api/shipments/5/packing-slip.pdf');
    } finally {
      click.mockRestore();
    }
  });

  it('offers Cancel and refund on a paid order that shipped nothing, naming the amount; refused by the provider, the dialog says why', async () => {
    // The fixture's paid order: 120 × $12.50 = $1,500.00 charged.
    const refunded = paidOrder('pi_1', {
      _id: '8',
      number: 'ORD-000008',
      status: 'cancelled',
      paid: false,
      refunded: 1500,
      refunds: [{ id: '3', amount: 1500, creditNote: 'CN-000003', createdAt: '2030-06-03T09:00:00.000Z' }],
    });
    let providerFails = true;
    const { calls } = mockFetch((url, init) => {
      if (url === FIRST_PAGE) return page([paidOrder('pi_1', { _id: '8', number: 'ORD-000008' }), paidOrder('pi_2', { _id: '9', status: 'shipped' }), unpaidOrder({ _id: '10' })]);
      if (url === '/api/orders/8/cancel' && init.method === 'POST') {
        if (providerFails) {
          return apiError(502, 'refund_failed', serverMessage(refundMessages.providerFailed, cardMessages.refundDeclined));
        }
        return { status: 200, body: refunded };
      }
      if (url === '/api/orders/8/history')
        return {
          status: 200,
          body: [
            { from: 'pending', to: 'pending', actor: 'admin', by: { name: 'Ada Admin', email: admin.email }, at: '2030-06-03T09:00:00.000Z', refund: { id: '3', amount: 1500, creditNote: 'CN-000003' } },
            { from: 'pending', to: 'cancelled', actor: 'admin', by: { name: 'Ada Admin', email: admin.email }, at: '2030-06-03T09:00:00.000Z' },
          ],
        };
      return undefined;
    });
    const { user } = renderWithProviders(<ManageOrdersPage />, asAdmin);
    await screen.findByTestId('order-8');
    for (const id of ['9', '10']) {
      expect(within(await openActions(user, 'ORD-000007', screen.getByTestId(`order-${id}`))).queryByRole('menuitem', { name: 'Cancel and refund' })).not.toBeInTheDocument();
    }

    await chooseAction(user, 'ORD-000008', 'Cancel and refund');
    let dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByText("Cancel order ORD-000008 and refund $1,500.00 to the buyer's card? The parts go back to stock. This cannot be undone.")).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel and refund' }));
    expect(await dialog.findByText(/The payment provider did not refund the money/)).toBeInTheDocument();

    providerFails = false;
    await user.click(dialog.getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('Order ORD-000008 is cancelled and $1,500.00 refunded')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/orders/8/cancel', 'POST /api/orders/8/cancel']);

    await chooseAction(user, 'ORD-000008', /History/);
    dialog = within(await screen.findByRole('dialog', { name: /History of order 8/ }));
    const events = await dialog.findAllByTestId('history-event');
    expect(events.map((event) => event.querySelector('p')?.textContent)).toEqual([
      'Refunded $1,500.00 (credit note CN-000003)',
      'cancelled: Paid – preparing shipment → Cancelled',
    ]);
  });
});
