import { screen, waitFor, within } from '@testing-library/react';
import type { Session } from '../../../../shared/api.js';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { apiError } from '../../../test/fake-answers.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { mockFetch, renderWithProviders, type FakeHandler } from '../../../test/render.js';
import { SessionsPanel } from './SessionsPanel.js';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const session = (overrides: Partial<Session>): Session => ({
  _id: '1',
  createdAt: '2030-06-01T10:00:00.000Z',
  lastUsedAt: '2030-06-03T08:30:00.000Z',
  userAgent: CHROME_WINDOWS,
  current: false,
  ...overrides,
});
const here = session({ _id: '1', current: true });
const phone = session({ _id: '2', userAgent: SAFARI_IPHONE, createdAt: '2030-05-20T07:00:00.000Z' });
const script = session({ _id: '3', userAgent: 'curl/8.5.0' });

/** GET /api/auth/sessions answers `list` until a DELETE succeeds, then the sessions left; `remove` answers the DELETEs. */
function setup(list: Session[], remove: (url: string) => ReturnType<FakeHandler> = () => ({ status: 204 })) {
  let sessions = list;
  const fetched = mockFetch((url, init) => {
    if (url === '/api/auth/sessions' && (init.method ?? 'GET') === 'GET') return { status: 200, body: sessions };
    if (init.method === 'DELETE' && url.startsWith('/api/auth/sessions')) {
      const answer = remove(url);
      if (answer && 'status' in answer && answer.status === 204) {
        const id = url.split('/')[4];
        sessions = sessions.filter((s) => s.current || (id !== undefined && s._id !== id));
      }
      return answer;
    }
    return undefined;
  });
  return { ...renderWithProviders(<SessionsPanel />), ...fetched };
}

const rows = () => screen.findAllByTestId('session');

describe('SessionsPanel', () => {
  it('lists the sessions: device, when signed in and last used, and "This device" for this one', async () => {
    // The server lists the most recently used first; this device is shown first all the same.
    setup([phone, here, script]);
    const [first, second, third] = await rows();
    expect(within(first!).getByText('Chrome on Windows')).toHaveAttribute('title', CHROME_WINDOWS);
    expect(within(first!).getByText(messages.ui.thisDevice)).toBeInTheDocument();
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();
    expect(first).toHaveTextContent(messages.ui.sessionCreated(formatDateTime(here.createdAt)));
    expect(first).toHaveTextContent(messages.ui.sessionLastUsed(formatDateTime(here.lastUsedAt)));
    expect(within(second!).getByText('Safari on iPhone')).toBeInTheDocument();
    expect(within(second!).queryByText(messages.ui.thisDevice)).not.toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Sign out' })).toHaveAccessibleDescription('Safari on iPhone');
    expect(within(third!).getByText('curl/8.5.0')).toBeInTheDocument();
  });

  it('signs out another session after a confirmation naming it', async () => {
    const { user, calls } = setup([here, phone]);
    const [, other] = await rows();
    await user.click(within(other!).getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(messages.ui.confirmSignOutSession('Safari on iPhone'));
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(messages.ui.sessionRevoked)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/auth/sessions/2']);
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    // Nobody else is signed in: nothing left to sign out.
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('cancelling the confirmation signs nobody out', async () => {
    const { user, calls } = setup([here, phone]);
    const [, other] = await rows();
    await user.click(within(other!).getByRole('button', { name: 'Sign out' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('signs out everywhere else at once', async () => {
    const { user, calls } = setup([here, phone, script]);
    await rows();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(messages.ui.confirmSignOutOthers);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText(messages.ui.otherSessionsRevoked)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/auth/sessions']);
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
  });

  it('keeps a refusal in the dialog, in red', async () => {
    const { user } = setup([here, phone], () => apiError(404, 'not_found', errorMessages.sessionNotFound));
    const [, other] = await rows();
    await user.click(within(other!).getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByText(errorMessages.sessionNotFound)).toHaveClass('field-error');
    expect(screen.queryByText(messages.ui.sessionRevoked)).not.toBeInTheDocument();
  });
});
