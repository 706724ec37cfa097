import { screen, waitFor } from '@testing-library/react';
import { errorMessages } from '../../../../shared/messages.js';
import { ApiError } from '../../../lib/api-client.js';
import { leavePage } from '../leave-page.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { RegisterPage } from './RegisterPage.js';

vi.mock('../leave-page.js', () => ({ leavePage: vi.fn() }));

function setup(auth = fakeAuth()) {
  return renderWithProviders(<RegisterPage />, { auth, route: '/register', path: '/register' });
}

describe('RegisterPage', () => {
  it('requires a name, an e-mail and a password', async () => {
    const { user, auth } = setup();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(auth.register).not.toHaveBeenCalled();
  });

  it('checks the e-mail format and the password length', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Name'), 'Jo');
    await user.type(screen.getByLabelText('Email'), 'jo@example');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Provide an Email')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 characters or longer')).toBeInTheDocument();
  });

  it('refuses a name with a line break or a link under its field', async () => {
    const { user, auth } = setup();
    await user.type(screen.getByLabelText('Name'), 'Prize at www.evil.example');
    await user.type(screen.getByLabelText('Email'), 'jo@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(errorMessages.nameNotPlain)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(auth.register).not.toHaveBeenCalled();
  });

  it('shows a taken e-mail under its field', async () => {
    const auth = fakeAuth({
      register: vi.fn(async () => {
        throw new ApiError(409, 'email_taken', errorMessages.emailTaken, { email: errorMessages.emailTaken });
      }),
    });
    const { user } = setup(auth);
    await user.type(screen.getByLabelText('Name'), 'Jo');
    await user.type(screen.getByLabelText('Email'), 'jo@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findAllByText('An account with this e-mail already exists')).length).toBeGreaterThan(0);
    expect(screen.queryByText('User is registered successfully')).not.toBeInTheDocument();
  });

  it('shows a rate limit answer under the form', async () => {
    const auth = fakeAuth({
      register: vi.fn(async () => {
        throw new ApiError(429, 'rate_limited', errorMessages.tooManyAttempts);
      }),
    });
    const { user } = setup(auth);
    await user.type(screen.getByLabelText('Name'), 'Jo');
    await user.type(screen.getByLabelText('Email'), 'jo@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, please try again later');
  });

  it('registers, toasts and goes home', async () => {
    const auth = fakeAuth({ register: vi.fn(async () => customer) });
    const { user } = setup(auth);
    await user.type(screen.getByLabelText('Name'), 'Jo Doe');
    await user.type(screen.getByLabelText('Email'), 'jo@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(auth.register).toHaveBeenCalledWith({ name: 'Jo Doe', email: 'jo@example.com', password: 'secret-1' }),
    );
    expect(await screen.findByText('User is registered successfully')).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('links to the login page, and offers no Google button on a shop without Google sign-in', async () => {
    const { calls } = mockFetch((url) => (url === '/api/auth/google/status' ? { status: 200, body: { configured: false } } : undefined));
    setup();
    expect(screen.getByRole('link', { name: 'Please login' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/google/status')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('starts Google sign-in when the shop has it', async () => {
    mockFetch((url) => (url === '/api/auth/google/status' ? { status: 200, body: { configured: true } } : undefined));
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('/api/auth/google/start?returnTo=%2F'));
  });
});
