import { screen, waitFor } from '@testing-library/react';
import { errorMessages } from '../../../../shared/messages.js';
import { ApiError } from '../../../lib/api-client.js';
import { leavePage } from '../leave-page.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { LoginPage } from './LoginPage.js';

// The one place the page leaves for another address (the browser's full navigation to Google).
vi.mock('../leave-page.js', () => ({ leavePage: vi.fn() }));

function setup(auth = fakeAuth(), state?: unknown, hash = '') {
  return renderWithProviders(<LoginPage />, { auth, route: '/login', path: '/login', state, hash });
}

/** GET /api/auth/google/status answers `configured`. */
function googleConfigured(configured: boolean) {
  return mockFetch((url) => (url === '/api/auth/google/status' ? { status: 200, body: { configured } } : undefined));
}

afterEach(() => vi.mocked(leavePage).mockClear());

describe('LoginPage', () => {
  it('requires an e-mail and a password', async () => {
    const { user, auth } = setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('rejects a malformed e-mail and a short password', async () => {
    const { user, auth } = setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Provide an Email')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 characters or longer')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('shows the server error in red under the form, until the form changes', async () => {
    const auth = fakeAuth({
      login: vi.fn(async () => {
        throw new ApiError(401, 'invalid_credentials', errorMessages.invalidCredentials);
      }),
    });
    const { user } = setup(auth);
    await user.type(screen.getByLabelText('Email'), 'customer@partsmith.example');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByText('Wrong e-mail or password');
    expect(alert).toHaveClass('text-red-700');
    // Focused, so read out (and on screen).
    expect(alert).toHaveFocus();
    expect(screen.queryByText('User logged in successfully')).not.toBeInTheDocument();
    // It is about what was sent: it goes as soon as the form changes.
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Wrong e-mail or password')).not.toBeInTheDocument();
  });

  it.each([
    ['the page the user came from', '/dashboard', 'Dashboard page'],
    ['the home page when they came from another sign-in page', '/forgot-password', 'Home page'],
  ])('logs in, toasts and returns to %s', async (_, from, landing) => {
    const auth = fakeAuth({ login: vi.fn(async () => customer) });
    const { user } = setup(auth, { from: { pathname: from, search: '', hash: '' } });
    await user.type(screen.getByLabelText('Email'), 'Customer@Partsmith.example');
    await user.type(screen.getByLabelText('Password'), 'partsmith-customer');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(auth.login).toHaveBeenCalledWith({ email: 'customer@partsmith.example', password: 'partsmith-customer' }),
    );
    expect(await screen.findByText('User logged in successfully')).toBeInTheDocument();
    expect(await screen.findByText(landing)).toBeInTheDocument();
  });

  describe('Continue with Google', () => {
    it('offers no Google button on a shop without Google sign-in', async () => {
      const { calls } = googleConfigured(false);
      setup();
      await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/google/status')).toBe(true));
      expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
      expect(screen.queryByText('or')).not.toBeInTheDocument();
    });

    it('offers the Google button once the shop says it has Google sign-in', async () => {
      googleConfigured(true);
      setup();
      expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    });

    it('leaves for the provider, with the page the user came from as returnTo', async () => {
      googleConfigured(true);
      const { user } = setup(fakeAuth(), { from: { pathname: '/place-order/3', search: '?x=1', hash: '' } });
      await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
      await waitFor(() =>
        expect(leavePage).toHaveBeenCalledWith(`/api/auth/google/start?returnTo=${encodeURIComponent('/place-order/3?x=1')}`),
      );
    });

    it('shows a #googleError= message in the form\'s small red error text', async () => {
      const auth = fakeAuth();
      googleConfigured(true);
      setup(auth, null, `#googleError=${encodeURIComponent('Your Google e-mail address is not verified')}`);
      const error = await screen.findByText('Your Google e-mail address is not verified');
      expect(error).toHaveClass('text-red-700', 'text-sm');
      expect(error).toHaveAttribute('role', 'alert');
      expect(auth.signInWithGoogle).not.toHaveBeenCalled();
      expect(screen.queryByText('User logged in successfully')).not.toBeInTheDocument();
    });

    it('trades a #google= code once, toasts and goes to returnTo', async () => {
      googleConfigured(true);
      const auth = fakeAuth({ signInWithGoogle: vi.fn(async () => ({ user: customer, returnTo: '/dashboard/myOrders' })) });
      setup(auth, null, '#google=one-time-code');
      expect(await screen.findByText('User logged in successfully')).toBeInTheDocument();
      expect(await screen.findByText('Page at /dashboard/myOrders')).toBeInTheDocument();
      expect(auth.signInWithGoogle).toHaveBeenCalledTimes(1);
      expect(auth.signInWithGoogle).toHaveBeenCalledWith('one-time-code');
    });

    it('asks a signed-in user before switching to the Google account, and trades the code only on yes', async () => {
      googleConfigured(true);
      const auth = fakeAuth({ user: customer, signInWithGoogle: vi.fn(async () => ({ user: customer, returnTo: '/dashboard/myOrders' })) });
      const { user } = setup(auth, null, '#google=one-time-code');
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent(
        'You are signed in as customer@partsmith.example. Sign out and continue with the Google account you just chose?',
      );
      expect(auth.signInWithGoogle).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Switch account' }));
      expect(await screen.findByText('Page at /dashboard/myOrders')).toBeInTheDocument();
      expect(auth.signInWithGoogle).toHaveBeenCalledTimes(1);
      expect(auth.signInWithGoogle).toHaveBeenCalledWith('one-time-code');
    });

    it('keeps a signed-in user who says no, and goes home without trading the code', async () => {
      googleConfigured(true);
      const auth = fakeAuth({ user: customer });
      const { user } = setup(auth, null, '#google=one-time-code');
      await screen.findByRole('alertdialog');
      await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
      expect(await screen.findByText('Home page')).toBeInTheDocument();
      expect(auth.signInWithGoogle).not.toHaveBeenCalled();
      expect(auth.logout).not.toHaveBeenCalled();
    });

    it('waits for the stored session to be checked before deciding whether to ask', async () => {
      googleConfigured(true);
      const auth = fakeAuth({ loading: true });
      setup(auth, null, '#google=one-time-code');
      await screen.findByRole('button', { name: 'Login' });
      expect(auth.signInWithGoogle).not.toHaveBeenCalled();
    });

    it('shows a refused code in red and stays on the login page', async () => {
      googleConfigured(true);
      const auth = fakeAuth({
        signInWithGoogle: vi.fn(async () => {
          throw new ApiError(401, 'google_code_invalid', errorMessages.google.expiredOrTampered);
        }),
      });
      setup(auth, null, '#google=used-code');
      expect(await screen.findByText('Your Google sign-in expired or was tampered with, please try again')).toHaveClass('text-red-700');
      expect(screen.queryByText('User logged in successfully')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    });
  });

  it('links to the registration page and to the forgotten-password page', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Create a new account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
