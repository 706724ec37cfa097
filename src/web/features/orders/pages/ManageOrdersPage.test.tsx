import { screen, within } from '@testing-library/react';
import { fakeAuth, mockFetch, renderWithProviders, customer } from '../../../test/render.js';
import { paidOrder, unpaidOrder } from '../../../test/fixtures.js';
import { ManageOrdersPage } from './ManageOrdersPage.js';

const admin = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' as const };

describe('ManageOrdersPage', () => {
  it('shows paid yes/no and opens an order\'s history in a dialog', async () => {
    const { calls } = mockFetch((url) => {
      if (url === '/api/orders') return { status: 200, body: [paidOrder('pi_1', { _id: '8', status: 'shipped' }), unpaidOrder({ _id: '9' })] };
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
    const { user } = renderWithProviders(<ManageOrdersPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    const shipped = within(await screen.findByTestId('order-8'));
    expect(shipped.getAllByRole('cell')[5]).toHaveTextContent('yes');
    expect(shipped.getByText('Delivered')).toBeInTheDocument();
    expect(within(screen.getByTestId('order-9')).getAllByRole('cell')[5]).toHaveTextContent('no');

    await user.click(shipped.getByRole('button', { name: /History/ }));
    const dialog = await screen.findByRole('dialog', { name: /History of order 8/ });
    const events = await within(dialog).findAllByTestId('history-event');
    expect(events.map((event) => event.querySelector('p')?.textContent)).toEqual([
      'placed: new → not paid',
      'paid: not paid → pending',
      'shipped: pending → shipped',
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
      if (url === '/api/orders') return { status: 200, body: [paidOrder('pi_1', { _id: '8' }), unpaidOrder({ _id: '9' })] };
      if (url === '/api/orders/9' && init.method === 'DELETE') return { status: 200, body: unpaidOrder({ _id: '9', status: 'cancelled' }) };
      return undefined;
    });
    const { user } = renderWithProviders(<ManageOrdersPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });

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
});
