import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { apiError } from '../../../test/fake-answers.js';
import { customer, fakeAuth, mockFetch, renderWithProviders, type FakeHandler } from '../../../test/render.js';
import { VerifyEmailPage } from './VerifyEmailPage.js';

function Address() {
  const { pathname, hash } = useLocation();
  return <output data-testid="address">{`${pathname}${hash}`}</output>;
}

function setup(answer: FakeHandler, { hash = '#token=verify-token-1', auth = fakeAuth() } = {}) {
  const fetched = mockFetch(answer);
  const view = renderWithProviders(
    // StrictMode runs the page's effects twice: the single-use token must still be sent once.
    <StrictMode>
      <VerifyEmailPage />
      <Address />
    </StrictMode>,
    { route: '/verify-email', path: '/verify-email', hash, auth },
  );
  return { ...view, ...fetched };
}

const verify = (answer: ReturnType<FakeHandler>): FakeHandler => (url, init) =>
  url === '/api/auth/verify-email' && init.method === 'POST' ? answer : undefined;

describe('VerifyEmailPage', () => {
  it('sends the token once on opening, says the address is confirmed and takes the token off the address bar', async () => {
    const { calls } = setup(verify({ status: 204 }));
    expect(await screen.findByText(messages.ui.emailVerified)).toBeInTheDocument();
    expect(calls.map(({ url, body }) => ({ url, body }))).toEqual([{ url: '/api/auth/verify-email', body: { token: 'verify-token-1' } }]);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/verify-email$/));
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's message for a link that is invalid, used or expired", async () => {
    setup(verify(apiError(400, 'validation', errorMessages.verifyLinkInvalid, { token: errorMessages.verifyLinkInvalid })), {
      auth: fakeAuth({ user: { ...customer, emailVerified: false } }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.verifyLinkInvalid);
    expect(screen.queryByText(messages.ui.emailVerified)).not.toBeInTheDocument();
    // Signed in: My Profile can send a new link.
    expect(screen.getByRole('link', { name: 'Go to My Profile' })).toHaveAttribute('href', '/dashboard/profile');
  });

  it('says the link is invalid, without a call, when the address carries no token', () => {
    const { calls } = setup(() => undefined, { hash: '' });
    expect(screen.getByRole('alert')).toHaveTextContent(errorMessages.verifyLinkInvalid);
    expect(calls).toEqual([]);
  });
});
