import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { apiError } from '../../../test/fake-answers.js';
import { customer, fakeAuth, mockFetch, renderWithProviders, type FakeHandler } from '../../../test/render.js';
import { ResetPasswordPage } from './ResetPasswordPage.js';

/** Where the router is, address fragment included. */
function Address() {
  const { pathname, hash } = useLocation();
  return <output data-testid="address">{`${pathname}${hash}`}</output>;
}

function setup(answer: FakeHandler = () => undefined, hash = '#token=reset-token-1') {
  const fetched = mockFetch(answer);
  const auth = fakeAuth({ user: customer });
  const view = renderWithProviders(
    <>
      <ResetPasswordPage />
      <Address />
    </>,
    { route: '/reset-password', path: '/reset-password', hash, auth },
  );
  return { ...view, ...fetched };
}

const confirm = (answer: ReturnType<FakeHandler>): FakeHandler => (url, init) =>
  url === '/api/auth/password-reset/confirm' && init.method === 'POST' ? answer : undefined;

async function choose(user: ReturnType<typeof setup>['user'], password: string, again = password) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('New password again'), again);
  await user.click(screen.getByRole('button', { name: 'Set the new password' }));
}

describe('ResetPasswordPage', () => {
  it('takes the token off the address bar and starts in the new password field', async () => {
    setup();
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/reset-password$/));
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
  });

  it('asks for the same new password twice, of at least 6 characters', async () => {
    const { user, calls } = setup();
    await choose(user, 'short');
    expect(await screen.findByText('Must be 6 characters or longer')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('New password again'));
    await choose(user, 'brake-pads-42', 'brake-pads-24');
    expect(await screen.findByText(messages.ui.passwordsDiffer)).toHaveClass('field-error');
    expect(calls).toEqual([]);
  });

  it('sets the password with the token, toasts, forgets the old session and goes to the login page', async () => {
    const { user, calls, auth } = setup(confirm({ status: 204 }));
    await choose(user, 'brake-pads-42');
    expect(await screen.findByText(messages.ui.passwordReset)).toBeInTheDocument();
    expect(await screen.findByText('Page at /login')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: 'reset-token-1', password: 'brake-pads-42' });
    expect(auth.signOutLocally).toHaveBeenCalled();
  });

  it('says when the link is invalid, used or expired, and offers a new one', async () => {
    const { user } = setup(
      confirm(apiError(400, 'validation', errorMessages.resetLinkInvalid, { token: errorMessages.resetLinkInvalid })),
    );
    await choose(user, 'brake-pads-42');
    expect(await screen.findByText(errorMessages.resetLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByText(messages.ui.passwordReset)).not.toBeInTheDocument();
  });

  it('shows a refused password under its field', async () => {
    const { user } = setup(
      confirm(apiError(400, 'validation', errorMessages.commonPassword, { password: errorMessages.commonPassword })),
    );
    await choose(user, 'password1');
    expect(await screen.findByText(errorMessages.commonPassword)).toHaveClass('field-error');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Set the new password' })).toBeEnabled();
  });

  it('offers a new link when the address carries no token', () => {
    setup(undefined, '');
    expect(screen.getByRole('alert')).toHaveTextContent(errorMessages.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
