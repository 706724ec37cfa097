import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../api/client.js';
import { customer, fakeAuth, renderWithProviders } from '../../test/render.js';
import { LoginPage } from './LoginPage.js';

function setup(auth = fakeAuth(), state?: unknown) {
  return renderWithProviders(<LoginPage />, { auth, route: '/login', path: '/login', state });
}

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

  it('shows the server error in red under the form', async () => {
    const auth = fakeAuth({
      login: vi.fn(async () => {
        throw new ApiError(401, 'unauthenticated', 'Wrong e-mail or password');
      }),
    });
    const { user } = setup(auth);
    await user.type(screen.getByLabelText('Email'), 'customer@partsmith.example');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByText('Wrong e-mail or password');
    expect(alert).toHaveClass('text-red-700');
    expect(screen.queryByText('User logged in successfully')).not.toBeInTheDocument();
  });

  it('logs in, toasts and returns to the page the user came from', async () => {
    const auth = fakeAuth({ login: vi.fn(async () => customer) });
    const { user } = setup(auth, { from: { pathname: '/dashboard', search: '', hash: '' } });
    await user.type(screen.getByLabelText('Email'), 'Customer@Partsmith.example');
    await user.type(screen.getByLabelText('Password'), 'partsmith-customer');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(auth.login).toHaveBeenCalledWith({ email: 'customer@partsmith.example', password: 'partsmith-customer' }),
    );
    expect(await screen.findByText('User logged in successfully')).toBeInTheDocument();
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('says that Google sign-in is not configured yet', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google sign-in is not configured on this shop')).toBeInTheDocument();
  });

  it('links to the registration page', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Create a new account' })).toHaveAttribute('href', '/register');
  });
});
