import { screen, waitFor, within } from '@testing-library/react';
import type { ContactMessageDetail } from '../../../../shared/back-office.js';
import { aContactMessage } from '../../../test/fixtures.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { InboxPage } from './InboxPage.js';

/** A fake server holding `inbox` (newest first): PATCH and reply change it as the server would; replies are Dana Desk's. */
function fakeInbox(inbox: ContactMessageDetail[]) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const { pathname, searchParams } = new URL(url, 'http://shop.test');
    const list = () => inbox.map(({ thread: _thread, ...message }) => message);
    if (pathname === '/api/contact' && method === 'GET')
      return { status: 200, body: searchParams.get('unread') === 'true' ? list().filter((item) => !item.read) : list() };
    const match = pathname.match(/^\/api\/contact\/(\w+)(\/reply)?$/);
    const index = inbox.findIndex((item) => item._id === match?.[1]);
    if (index < 0) return undefined;
    if (method === 'GET') return { status: 200, body: inbox[index] };
    const body = JSON.parse(String(init.body)) as { read?: boolean; message?: string };
    const at = '2030-06-02T12:00:00.000Z';
    const item = inbox[index]!;
    inbox[index] = match![2]
      ? { ...item, read: true, repliedAt: at, thread: [...item.thread, { from: 'Dana Desk', body: body.message!, at }] }
      : { ...item, read: body.read! };
    const { thread: _thread, ...answer } = inbox[index]!;
    return { status: 200, body: answer };
  });
}

const withThread = (message: ReturnType<typeof aContactMessage>, replies: ContactMessageDetail['thread'] = []): ContactMessageDetail => ({
  ...message,
  thread: [{ from: message.email, body: message.message, at: message.createdAt }, ...replies],
});
const unreadMessage = () => withThread(aContactMessage({ _id: '2', email: 'new@garage.com', message: 'Brake pads for a 2015 Corolla?', createdAt: '2030-06-01T11:00:00.000Z' }));
const readMessage = () =>
  withThread(aContactMessage({ _id: '1', email: 'old@garage.com', message: 'Do you ship to Norway?', read: true, repliedAt: '2030-06-01T10:30:00.000Z' }), [
    { from: 'Olga Owner', body: 'Yes, in a week.', at: '2030-06-01T10:30:00.000Z' },
  ]);

const openInbox = (search = '') => renderWithProviders(<InboxPage />, { route: `/dashboard/inbox${search}`, path: '/dashboard/inbox' });

describe('InboxPage', () => {
  it('lists the messages newest first, the unread ones bold with an Unread marker, and counts them', async () => {
    fakeInbox([unreadMessage(), readMessage()]);
    openInbox();
    const unread = await screen.findByRole('listitem', { name: 'Unread: new@garage.com' });
    expect(within(unread).getByText('Unread')).toBeInTheDocument();
    expect(within(unread).getByText('Brake pads for a 2015 Corolla?')).toHaveClass('font-bold');
    const read = screen.getByRole('listitem', { name: 'old@garage.com' });
    expect(within(read).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(read).getByText('Do you ship to Norway?')).not.toHaveClass('font-bold');
    expect(within(read).getByText(/^Replied on Jun 1, 2030/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Open the message from/ }).map((link) => link.getAttribute('aria-label'))).toEqual([
      'Open the message from new@garage.com',
      'Open the message from old@garage.com',
    ]);
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact Messages' })).toBeInTheDocument();
    expect(screen.getByText('Choose a message to read it and reply.')).toBeInTheDocument();
  });

  it('shows only the unread messages, then all of them again', async () => {
    const { calls } = fakeInbox([unreadMessage(), readMessage()]);
    const { user } = openInbox();
    await screen.findByRole('listitem', { name: 'old@garage.com' });
    await user.click(screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'old@garage.com' })).not.toBeInTheDocument());
    expect(calls.map((call) => call.url)).toContain('/api/contact?unread=true');
    expect(screen.getByRole('listitem', { name: 'Unread: new@garage.com' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByRole('listitem', { name: 'old@garage.com' })).toBeInTheDocument();
  });

  it("opens a message with its thread: the customer's message, then each reply with who sent it when", async () => {
    fakeInbox([unreadMessage(), readMessage()]);
    const { user } = openInbox();
    await user.click(await screen.findByRole('link', { name: 'Open the message from old@garage.com' }));
    const thread = await screen.findByRole('list', { name: 'Thread' });
    const entries = within(thread).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent(/^old@garage\.com ?\(Customer\)·Jun 1, 2030.*Do you ship to Norway\?$/);
    expect(entries[1]).toHaveTextContent(/^Olga Owner ?\(Staff\)·Jun 1, 2030.*Yes, in a week\.$/);
    expect(screen.getByRole('link', { name: 'Or reply from your own e-mail' })).toHaveAttribute('href', 'mailto:old@garage.com?subject=Re%3A%20your%20message');
  });

  it('marks a message read when it is opened, once: marked unread again, it stays unread', async () => {
    const { calls } = fakeInbox([unreadMessage(), readMessage()]);
    const { user } = openInbox('?message=2');
    const patches = () => calls.filter((call) => call.method === 'PATCH');
    await waitFor(() => expect(patches()).toEqual([expect.objectContaining({ url: '/api/contact/2', body: { read: true } })]));
    expect(await screen.findByRole('listitem', { name: 'new@garage.com' })).toBeInTheDocument();
    expect(screen.queryByText('1 unread')).not.toBeInTheDocument();

    const opened = screen.getByRole('article', { name: 'new@garage.com' });
    await user.click(await within(opened).findByRole('button', { name: 'Mark as unread' }));
    expect(await screen.findByRole('listitem', { name: 'Unread: new@garage.com' })).toBeInTheDocument();
    expect(await within(opened).findByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
    expect(patches().map((call) => call.body)).toEqual([{ read: true }, { read: false }]);
  });

  it('sends a reply, which then shows in the thread with who sent it, and clears the box', async () => {
    const { calls } = fakeInbox([unreadMessage()]);
    const { user } = openInbox('?message=2');
    const form = await screen.findByRole('form', { name: 'Reply new@garage.com' });
    await user.type(within(form).getByLabelText('Your reply'), 'Yes: BR-2040 fits.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your reply is on its way to new@garage.com.')).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ url: '/api/contact/2/reply', method: 'POST', body: { message: 'Yes: BR-2040 fits.' } }));
    const thread = screen.getByRole('list', { name: 'Thread' });
    await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(2));
    expect(within(thread).getAllByRole('listitem')[1]).toHaveTextContent(/^Dana Desk ?\(Staff\)·Jun 2, 2030.*Yes: BR-2040 fits\.$/);
    expect(within(form).getByLabelText('Your reply')).toHaveValue('');
    expect(screen.getAllByText(/^Replied on Jun 2, 2030/).length).toBeGreaterThan(0);
  });

  it('refuses an empty reply without calling the server', async () => {
    const { calls } = fakeInbox([unreadMessage()]);
    const { user } = openInbox('?message=2');
    const form = await screen.findByRole('form', { name: 'Reply new@garage.com' });
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Message is required')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0));
  });

  it('says so when there are no messages, or no unread ones', async () => {
    fakeInbox([readMessage()]);
    const { user } = openInbox('?show=unread');
    expect(await screen.findByText('No unread messages.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByRole('listitem', { name: 'old@garage.com' })).toBeInTheDocument();
  });

  it('says so when the inbox is empty', async () => {
    fakeInbox([]);
    openInbox();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });
});
