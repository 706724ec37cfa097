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

  it("asks before cancelling with buttons that say what they do: 'Keep order' keeps it, 'Cancel order' cancels it", async () => {
    const orders = [unpaidOrder({ _id: '1' })];
    const { calls } = mockFetch((url, init) => {
      if (url === `/api/orders/${encodeURIComponent(customer.email)}`) return { status: 200, body: orders };
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
});
