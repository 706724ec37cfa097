import { screen, waitFor, within } from '@testing-library/react';
import { aReturn } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { MyReturnsPage } from './MyReturnsPage.js';

describe('My returns', () => {
  it('lists each return with its order, status in words, lines and refund, and downloads the credit note', async () => {
    // 2 Headlights at $40.00 plus 8% tax: $80.00 + $6.40 = $86.40.
    const refunded = aReturn({
      status: 'refunded',
      lines: aReturn().lines.map((line) => ({ ...line, receivedQuantity: line.quantity, damagedQuantity: line.productId === '3' ? 1 : 0 })),
      refund: { amount: 86.4, creditNote: 'CN-000001' },
    });
    const rejected = aReturn({ id: '43', number: 'RMA-000043', status: 'rejected', rejectReason: 'The part was fitted and used' });
    const { calls } = mockFetch((url) => {
      if (url === '/api/returns') return { status: 200, body: { items: [refunded, rejected], nextCursor: null } };
      if (url === '/api/returns/42/credit-note.pdf') return { status: 200, body: '%PDF-1.7' };
      return undefined;
    });
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:credit-note';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    onTestFinished(() => click.mockRestore());
    const { user } = renderWithProviders(<MyReturnsPage />, { auth: fakeAuth({ user: customer }) });

    const first = within(await screen.findByTestId('return-RMA-000042'));
    expect(first.getByRole('link', { name: 'ORD-000007' })).toHaveAttribute('href', '/dashboard/orders/7');
    expect(first.getByText('Refunded')).toBeInTheDocument();
    expect(first.getByText('$86.40')).toBeInTheDocument();
    expect(first.getAllByTestId('return-line')[0]).toHaveTextContent('Received 2, damaged 1');
    await user.click(first.getByRole('button', { name: 'Credit note CN-000001' }));
    await waitFor(() => expect(saved).toEqual(['credit-note-CN-000001.pdf']));
    expect(calls.map((call) => call.url)).toContain('/api/returns/42/credit-note.pdf');

    const second = within(screen.getByTestId('return-RMA-000043'));
    expect(second.getByText('Rejected: The part was fitted and used')).toBeInTheDocument();
    expect(second.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when nothing was returned', async () => {
    mockFetch((url) => (url === '/api/returns' ? { status: 200, body: { items: [], nextCursor: null } } : undefined));
    renderWithProviders(<MyReturnsPage />, { auth: fakeAuth({ user: customer }) });
    expect(await screen.findByText('You have not returned any part.')).toBeInTheDocument();
  });
});
