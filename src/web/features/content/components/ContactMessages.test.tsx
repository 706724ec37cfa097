import { screen, waitFor, within } from '@testing-library/react';
import type { ContactMessage } from '../../../../shared/api.js';
import { aContactMessage } from '../../../test/fixtures.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { ContactMessages } from './ContactMessages.js';

/** A fake server holding `inbox`: PATCH and reply change it as the server would. */
function fakeInbox(inbox: ContactMessage[]) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/contact' && method === 'GET') return { status: 200, body: inbox };
    const match = url.match(/^\/api\/contact\/(\w+)(\/reply)?$/);
    const index = inbox.findIndex((item) => item._id === match?.[1]);
    if (index < 0) return undefined;
    const body = JSON.parse(String(init.body)) as { read?: boolean; message?: string };
    inbox[index] = match![2]
      ? { ...inbox[index]!, read: true, repliedAt: '2030-06-02T12:00:00.000Z' }
      : { ...inbox[index]!, read: body.read! };
    return { status: 200, body: inbox[index] };
  });
}

const unreadMessage = aContactMessage({ _id: '2', email: 'new@garage.com', message: 'Brake pads for a 2015 Corolla?' });
const readMessage = aContactMessage({ _id: '1', email: 'old@garage.com', message: 'Thanks!', read: true });

describe('ContactMessages (the inbox)', () => {
  it('shows unread messages bold with an Unread marker, the unread count and a mailto link', async () => {
    fakeInbox([unreadMessage, readMessage]);
    renderWithProviders(<ContactMessages />);
    const unread = await screen.findByRole('listitem', { name: 'Unread: new@garage.com' });
    expect(within(unread).getByText('Unread')).toBeInTheDocument();
    expect(within(unread).getByText('Brake pads for a 2015 Corolla?')).toHaveClass('font-bold');
    expect(within(unread).getByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
    expect(within(unread).getByRole('link', { name: 'Or reply from your own e-mail' })).toHaveAttribute(
      'href',
      'mailto:new@garage.com?subject=Re%3A%20your%20message',
    );

    const read = screen.getByRole('listitem', { name: 'old@garage.com' });
    expect(within(read).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(read).getByText('Thanks!')).not.toHaveClass('font-bold');
    expect(within(read).getByRole('button', { name: 'Mark as unread' })).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('marks a message read, then unread again', async () => {
    const { calls } = fakeInbox([unreadMessage, readMessage].map((item) => ({ ...item })));
    const { user } = renderWithProviders(<ContactMessages />);
    await user.click(await screen.findByRole('button', { name: 'Mark as read' }));
    expect(calls).toContainEqual(expect.objectContaining({ url: '/api/contact/2', method: 'PATCH', body: { read: true } }));
    const item = await screen.findByRole('listitem', { name: 'new@garage.com' });
    expect(within(item).queryByText('Unread')).not.toBeInTheDocument();
    expect(screen.queryByText('1 unread')).not.toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Mark as unread' }));
    expect(calls).toContainEqual(expect.objectContaining({ url: '/api/contact/2', method: 'PATCH', body: { read: false } }));
    expect(await screen.findByRole('listitem', { name: 'Unread: new@garage.com' })).toBeInTheDocument();
  });

  it('sends a reply, then shows when it was replied and the message as read', async () => {
    const { calls } = fakeInbox([{ ...unreadMessage }]);
    const { user } = renderWithProviders(<ContactMessages />);
    const item = await screen.findByRole('listitem', { name: 'Unread: new@garage.com' });
    await user.click(within(item).getByText('Reply'));
    await user.type(within(item).getByLabelText('Your reply'), 'Yes: BR-2040 fits.');
    await user.click(within(item).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your reply is on its way to new@garage.com.')).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ url: '/api/contact/2/reply', method: 'POST', body: { message: 'Yes: BR-2040 fits.' } }));
    expect(await screen.findByText(/^Replied on Jun 2, 2030/)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'new@garage.com' })).toBeInTheDocument();
    expect(within(item).getByLabelText('Your reply')).toHaveValue('');
  });

  it('refuses an empty reply without calling the server', async () => {
    const { calls } = fakeInbox([{ ...unreadMessage }]);
    const { user } = renderWithProviders(<ContactMessages />);
    const item = await screen.findByRole('listitem', { name: 'Unread: new@garage.com' });
    await user.click(within(item).getByText('Reply'));
    await user.click(within(item).getByRole('button', { name: 'Send' }));
    expect(await within(item).findByText('Message is required')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0));
  });

  it('says so when there are no messages', async () => {
    fakeInbox([]);
    renderWithProviders(<ContactMessages />);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });
});
