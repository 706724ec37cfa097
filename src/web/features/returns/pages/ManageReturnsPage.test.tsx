import { screen, waitFor, within } from '@testing-library/react';
import type { Return } from '../../../../shared/returns-api.js';
import { aReturn } from '../../../test/fixtures.js';
import { fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { ManageReturnsPage } from './ManageReturnsPage.js';

const requested = aReturn({ note: 'Wrong side, I think' });
const approved = aReturn({ id: '43', number: 'RMA-000043', status: 'approved' });
const awaitingRefund = aReturn({ id: '44', number: 'RMA-000044', status: 'received', lines: aReturn().lines.map((line) => ({ ...line, receivedQuantity: line.quantity })) });
// 2 Headlights at $40.00 plus 8% tax: $80.00 + $6.40 = $86.40.
const refund = { amount: 86.4, creditNote: 'CN-000001' };

/** The staff's returns; each action answers the return as the server would after it. */
function shopWith(returns: Return[]) {
  let list = returns;
  const answer = (id: string, change: Partial<Return>) => {
    list = list.map((item) => (item.id === id ? { ...item, ...change } : item));
    return { status: 200, body: list.find((item) => item.id === id) };
  };
  return mockFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://shop.test');
    if (pathname === '/api/returns') {
      const status = searchParams.get('status');
      return { status: 200, body: { items: list.filter((item) => !status || item.status === status), nextCursor: null } };
    }
    const action = /^\/api\/returns\/(\d+)\/(approve|reject|receive|refund)$/.exec(pathname);
    if (!action || init.method !== 'POST') return undefined;
    const [, id, verb] = action as unknown as [string, string, string];
    if (verb === 'approve') return answer(id, { status: 'approved' });
    if (verb === 'reject') return answer(id, { status: 'rejected', rejectReason: (JSON.parse(String(init.body)) as { reason: string }).reason });
    return answer(id, { status: 'refunded', refund });
  });
}

const admin = fakeAuth({ isAdmin: true });
const rowOf = async (number: string) => within(await screen.findByTestId(`return-${number}`));
const posts = (calls: { url: string; method: string; body: unknown }[]) => calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]);

describe('the staff’s Returns page', () => {
  it('lists each return with its lines, reasons, the vehicle and what our data says, and the actions its status allows', async () => {
    shopWith([requested, approved, awaitingRefund]);
    renderWithProviders(<ManageReturnsPage />, { auth: admin });
    const first = await rowOf('RMA-000042');
    expect(first.getAllByTestId('return-line').map((line) => line.textContent)).toEqual([
      "2 × Headlight (LT-4410) – Doesn't fit my vehicleVehicle: 2015 Toyota Corolla LE 1.8L I4Fits by our data",
      '1 × Alternator (EL-2210) – Returning the old unit (core)',
    ]);
    expect(first.getByText('Note: Wrong side, I think')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'ORD-000007' })).toHaveAttribute('href', '/dashboard/orders/7');
    expect(first.getByText('Requested')).toBeInTheDocument();
    const buttons = async (number: string) => (await rowOf(number)).queryAllByRole('button').map((button) => button.textContent);
    expect(await buttons('RMA-000042')).toEqual(['Approve', 'Reject']);
    expect(await buttons('RMA-000043')).toEqual(['Receive']);
    expect(await buttons('RMA-000044')).toEqual(['Retry refund']);
    expect((await rowOf('RMA-000044')).getByText('Received – refund pending')).toBeInTheDocument();
  });

  it('filters by status', async () => {
    const { calls } = shopWith([requested, approved, awaitingRefund]);
    const { user } = renderWithProviders(<ManageReturnsPage />, { auth: admin });
    await rowOf('RMA-000042');
    await user.selectOptions(screen.getByLabelText('Status'), 'Approved – send the parts back');
    await waitFor(() => expect(screen.queryByTestId('return-RMA-000042')).not.toBeInTheDocument());
    expect(screen.getByTestId('return-RMA-000043')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/returns?status=approved');
    await user.selectOptions(screen.getByLabelText('Status'), 'Rejected');
    expect(await screen.findByText('No return has this status.')).toBeInTheDocument();
  });

  it('approves a return once confirmed', async () => {
    const { calls } = shopWith([requested]);
    const { user } = renderWithProviders(<ManageReturnsPage />, { auth: admin });
    await user.click((await rowOf('RMA-000042')).getByRole('button', { name: 'Approve RMA-000042' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText('Approve return RMA-000042? The buyer is told to send the parts back.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Return RMA-000042 is approved')).toBeInTheDocument();
    expect(posts(calls)).toEqual([['/api/returns/42/approve', undefined]]);
    expect(await (await rowOf('RMA-000042')).findByRole('button', { name: 'Receive RMA-000042' })).toBeInTheDocument();
  });

  it('rejects a return with the reason asked for in a dialog', async () => {
    const { calls } = shopWith([requested]);
    const { user } = renderWithProviders(<ManageReturnsPage />, { auth: admin });
    await user.click((await rowOf('RMA-000042')).getByRole('button', { name: 'Reject RMA-000042' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject return RMA-000042' }));
    await user.click(dialog.getByRole('button', { name: 'Reject return' }));
    expect(await dialog.findByText('Say why the return is rejected')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Why is it rejected?'), 'The part was fitted and used');
    await user.click(dialog.getByRole('button', { name: 'Reject return' }));
    expect(await screen.findByText('Return RMA-000042 is rejected')).toBeInTheDocument();
    expect(posts(calls)).toEqual([['/api/returns/42/reject', { reason: 'The part was fitted and used' }]]);
    expect(await screen.findByText('Rejected: The part was fitted and used')).toBeInTheDocument();
  });

  it('receives a return, per line the units received and damaged, the shop at fault; the refund is toasted with its credit note', async () => {
    const { calls } = shopWith([approved]);
    const { user } = renderWithProviders(<ManageReturnsPage />, { auth: admin });
    await user.click((await rowOf('RMA-000043')).getByRole('button', { name: 'Receive RMA-000043' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Receive return RMA-000043' }));
    const headlight = within(dialog.getByTestId('receive-line-3'));
    expect(headlight.getByLabelText('Received')).toHaveValue(2);
    expect(headlight.getByLabelText('Damaged')).toHaveValue(0);
    await user.clear(headlight.getByLabelText('Damaged'));
    await user.type(headlight.getByLabelText('Damaged'), '3');
    await user.click(dialog.getByRole('button', { name: 'Receive and refund' }));
    expect(await headlight.findByText('Damaged units cannot be more than the units received')).toBeInTheDocument();
    await user.clear(headlight.getByLabelText('Damaged'));
    await user.type(headlight.getByLabelText('Damaged'), '1');
    await user.click(dialog.getByLabelText('Shop at fault – refund shipping'));
    await user.click(dialog.getByRole('button', { name: 'Receive and refund' }));

    expect(await screen.findByText('Return RMA-000043 is refunded: $86.40, credit note CN-000001')).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      [
        '/api/returns/43/receive',
        {
          lines: [
            { productId: 3, reason: 'doesnt_fit', receivedQuantity: 2, damagedQuantity: 1 },
            { productId: 5, reason: 'core', receivedQuantity: 1, damagedQuantity: 0 },
          ],
          refundShipping: true,
        },
      ],
    ]);
    expect(await (await rowOf('RMA-000043')).findByRole('button', { name: 'Credit note CN-000001' })).toBeInTheDocument();
  });

  it('retries the refund of a received return', async () => {
    const { calls } = shopWith([awaitingRefund]);
    const { user } = renderWithProviders(<ManageReturnsPage />, { auth: admin });
    await user.click((await rowOf('RMA-000044')).getByRole('button', { name: 'Retry refund RMA-000044' }));
    expect(await screen.findByText('Return RMA-000044 is refunded: $86.40, credit note CN-000001')).toBeInTheDocument();
    expect(posts(calls)).toEqual([['/api/returns/44/refund', undefined]]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry refund RMA-000044' })).not.toBeInTheDocument());
  });
});
