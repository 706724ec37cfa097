import { screen } from '@testing-library/react';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { apiError } from '../../../test/fake-answers.js';
import { mockFetch, renderWithProviders, type FakeHandler } from '../../../test/render.js';
import { ForgotPasswordPage } from './ForgotPasswordPage.js';

function setup(answer: FakeHandler = () => undefined) {
  const fetched = mockFetch(answer);
  return { ...renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password', path: '/forgot-password' }), ...fetched };
}

const accepted: FakeHandler = (url, init) => (url === '/api/auth/password-reset' && init.method === 'POST' ? { status: 202 } : undefined);

describe('ForgotPasswordPage', () => {
  it('starts in the e-mail field and checks it with the original validation messages before sending anything', async () => {
    const { user, calls } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'robin@garage');
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByText('Provide an Email')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('asks for the link and says the same whatever the account: a mail was sent if the account exists', async () => {
    const { user, calls } = setup(accepted);
    await user.type(screen.getByLabelText('Email'), 'Robin@Garage.example');
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.ui.resetRequested('robin@garage.example'));
    expect(calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      { url: '/api/auth/password-reset', method: 'POST', body: { email: 'robin@garage.example' } },
    ]);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('shows a network failure under the form, as every form does, and lets the user try again', async () => {
    const { user } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await user.type(screen.getByLabelText('Email'), 'robin@garage.example');
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByText(messages.ui.networkError)).toHaveClass('text-red-700');
    expect(screen.getByRole('button', { name: 'Send the reset link' })).toBeEnabled();
  });

  it('shows a refusal of the shop (too many requests) rather than claiming a mail went out', async () => {
    const { user } = setup(() => apiError(429, 'rate_limited', errorMessages.tooManyAttempts));
    await user.type(screen.getByLabelText('Email'), 'robin@garage.example');
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByText(errorMessages.tooManyAttempts)).toHaveClass('text-red-700');
    expect(screen.queryByText(messages.ui.resetRequested('robin@garage.example'))).not.toBeInTheDocument();
  });
});
