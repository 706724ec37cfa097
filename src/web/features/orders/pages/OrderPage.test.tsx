import { screen, within } from '@testing-library/react';
import type { Order, OrderEvent } from '../../../../shared/api.js';
import { errorMessages } from '../../../../shared/messages.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { aShipment, paidOrder, unpaidOrder, vermontOrder, VERMONT_CHARGES } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { OrderPage } from './OrderPage.js';

const twoParts = (overrides: Partial<Order> = {}) =>
  paidOrder('pi_abc123', {
    product: 'Brake Pads and 1 more part',
    quantity: 128,
    subtotal: 1600,
    total: 1600,
    poNumber: 'PO-4711',
    lines: [
      { productId: '3', sku: 'BR-2040', product: 'Brake Pads', quantity: 120, unitPrice: 12.5, listPrice: 12.5, lineTotal: 1500, coreCharge: 0, shippedQuantity: 0, returnedQuantity: 0 },
      { productId: '5', sku: 'FL-2200', product: 'Oil Filter', quantity: 8, unitPrice: 12.5, listPrice: 12.5, lineTotal: 100, coreCharge: 0, shippedQuantity: 0, returnedQuantity: 0 },
    ],
    ...overrides,
  });

const placed: OrderEvent = { from: null, to: 'not paid', actor: 'customer', by: { name: customer.name, email: customer.email }, at: '2030-06-01T10:00:00.000Z' };
const paid: OrderEvent = { from: 'not paid', to: 'pending', actor: 'payment', by: null, at: '2030-06-01T10:05:00.000Z' };
const shipped: OrderEvent = { from: 'pending', to: 'shipped', actor: 'admin', by: null, at: '2030-06-03T09:00:00.000Z' };

function renderOrder(order: Order | null, events: OrderEvent[] = []) {
  mockFetch((url) => {
    if (url === '/api/order/7') return order ? { status: 200, body: order } : apiError(404, 'not_found', serverMessage(errorMessages.notFound, 'Order'));
    if (url === '/api/orders/7/history') return order ? { status: 200, body: events } : apiError(404, 'not_found', serverMessage(errorMessages.notFound, 'Order'));
    return undefined;
  });
  return renderWithProviders(<OrderPage />, { auth: fakeAuth({ user: customer }), route: '/dashboard/orders/7', path: '/dashboard/orders/:id' });
}

describe('an order’s page', () => {
  it('shows the order by its number and date, each line with its quantity and unit price, the total, delivery, payment and documents', async () => {
    renderOrder(twoParts(), [placed, paid]);
    expect(await screen.findByRole('heading', { name: 'Order ORD-000007' })).toBeInTheDocument();
    expect(screen.getByText('Paid – preparing shipment')).toBeInTheDocument();
    expect(screen.getByText(/^Placed Jun 1, 2030/)).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Parts of order ORD-000007' });
    expect(
      within(lines)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Brake Pads BR-2040120$12.50$1,500.00', 'Oil Filter FL-22008$12.50$100.00', 'Subtotal$1,600.00']);
    expect(screen.getByText('1 Main Street, Springfield')).toBeInTheDocument();
    expect(screen.getByText('Paid by card, transaction pi_abc123')).toBeInTheDocument();
    expect(screen.getByText('Your PO number: PO-4711')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invoice INV-000007' })).toBeInTheDocument();
    expect(await screen.findByText('None yet: the order ships once it is paid.')).toBeInTheDocument();
    expect(screen.getAllByTestId('history-event').map((event) => event.querySelector('p')?.textContent)).toEqual([
      'placed: new → Awaiting payment',
      'paid: Awaiting payment → Paid – preparing shipment',
    ]);
  });

  it('shows the charges and ships to the structured address by its method', async () => {
    // $1,500.00 + $11.00 Ground + $90.00 VT 6% + $15.11 Local Option 1% = $1,616.11.
    renderOrder(vermontOrder());
    const charges = await screen.findByRole('table', { name: 'Charges of order ORD-000007' });
    expect(within(charges).getAllByRole('row').map((row) => row.textContent)).toEqual(VERMONT_CHARGES);
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Total: $1,616.11')).toBeInTheDocument();
    const shipTo = screen.getByTestId('ship-to');
    expect(within(shipTo).getByText('Burlington, VT 05401')).toBeInTheDocument();
    expect(within(shipTo).getByText('Shipping method: Ground')).toBeInTheDocument();
    expect(screen.getAllByTestId('ship-to')).toHaveLength(1);
  });

  it('offers to pay an unpaid order, and has no invoice before it is paid', async () => {
    renderOrder(unpaidOrder());
    expect(await screen.findByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/dashboard/payment/7');
    expect(screen.getByText('Not paid yet.')).toBeInTheDocument();
    expect(screen.getByText('The invoice is here once the order is paid.')).toBeInTheDocument();
  });

  it('lists each parcel: its number and carrier, the tracking number linking to the carrier, when it left and its parts', async () => {
    const parcels = [
      aShipment({ lines: [{ productId: '3', quantity: 50 }] }),
      aShipment({ id: '4', number: 'SHP-000004', lines: [{ productId: '3', quantity: 70 }, { productId: '5', quantity: 8 }], carrier: 'Other', trackingNumber: '', trackingUrl: null, shippedAt: '2030-06-04T09:00:00.000Z' }),
    ];
    renderOrder(twoParts({ status: 'shipped', shipments: parcels }), [placed, paid, shipped]);
    const list = within(await screen.findByRole('list', { name: 'Shipments of order ORD-000007' }));
    const first = within(list.getByTestId('shipment-3'));
    expect(first.getByText('SHP-000003 · UPS')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Tracking 1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(first.getByText(/^Shipped Jun 3, 2030/)).toBeInTheDocument();
    expect(first.getByText('50 × BR-2040 Brake Pads')).toBeInTheDocument();
    const second = within(list.getByTestId('shipment-4'));
    expect(second.getByText('SHP-000004 · Other')).toBeInTheDocument();
    expect(second.getByText('No tracking number')).toBeInTheDocument();
    expect(second.queryByRole('link')).not.toBeInTheDocument();
    expect(second.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['70 × BR-2040 Brake Pads', '8 × FL-2200 Oil Filter']);
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('says a paid order has no parcel yet', async () => {
    renderOrder(twoParts(), [placed, paid]);
    expect(await screen.findByText('None yet: the order ships once it is paid.')).toBeInTheDocument();
  });

  it('says there is no such order to anyone the server does not show it to', async () => {
    renderOrder(null);
    expect(await screen.findByRole('heading', { name: 'No such order' })).toBeInTheDocument();
    expect(screen.getByText('This order does not exist, or it is not one of yours.')).toBeInTheDocument();
  });

  it("says a company order over the buyer's limit waits for the company's approval, with no Pay yet (issue 63)", async () => {
    renderOrder(unpaidOrder({ status: 'awaiting approval', companyId: 3 }), [{ ...placed, to: 'awaiting approval' }]);
    expect(await screen.findByTestId('approval-note')).toHaveTextContent("Waiting for your company's approval");
    expect(screen.getAllByText('Awaiting approval').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it("gives the company's reason for a declined order (issue 63)", async () => {
    renderOrder(unpaidOrder({ status: 'cancelled', companyId: 3, declineReason: 'Over this month’s budget', heldUntil: null }));
    expect(await screen.findByTestId('approval-note')).toHaveTextContent('Declined by your company: Over this month’s budget');
  });

  it('offers Pay once the company approved the order (it is awaiting payment)', async () => {
    renderOrder(unpaidOrder({ companyId: 3 }));
    expect(await screen.findByRole('heading', { name: 'Order ORD-000007' })).toBeInTheDocument();
    expect(screen.queryByTestId('approval-note')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/dashboard/payment/7');
  });
});
