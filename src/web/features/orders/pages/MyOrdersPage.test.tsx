import { screen, within } from '@testing-library/react';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { paidOrder, unpaidOrder } from '../../../test/fixtures.js';
import { MyOrdersPage } from './MyOrdersPage.js';

describe('MyOrdersPage', () => {
  it("shows paid orders as 'paid' with the transaction id, offers Pay and Cancel only while unpaid, and reads expired as cancelled (expired)", async () => {
    mockFetch((url) =>
      url === `/api/orders/${encodeURIComponent(customer.email)}`
        ? {
            status: 200,
            body: [
              unpaidOrder({ _id: '1' }),
              paidOrder('pi_abc123', { _id: '2' }),
              paidOrder('pi_shipped9', { _id: '3', status: 'shipped' }),
              unpaidOrder({ _id: '4', status: 'expired' }),
              unpaidOrder({ _id: '5', status: 'cancelled' }),
            ],
          }
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
    expect(paid.queryByRole('button')).not.toBeInTheDocument();
    expect(paid.queryByRole('link')).not.toBeInTheDocument();

    expect(within(screen.getByTestId('order-3')).getByText(/pi_shipped9/)).toBeInTheDocument();

    const expired = within(screen.getByTestId('order-4'));
    expect(expired.getAllByText('cancelled (expired)').length).toBeGreaterThan(0);
    expect(expired.queryByRole('button')).not.toBeInTheDocument();
    expect(expired.queryByRole('link')).not.toBeInTheDocument();

    expect(within(screen.getByTestId('order-5')).queryByRole('button')).not.toBeInTheDocument();
  });
});
