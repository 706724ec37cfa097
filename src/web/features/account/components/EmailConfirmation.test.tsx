import { screen } from '@testing-library/react';
import { messages } from '../../../../shared/messages.js';
import { customer, mockFetch, renderWithProviders, type FakeHandler } from '../../../test/render.js';
import { EmailConfirmation } from './EmailConfirmation.js';

const unconfirmed = { ...customer, emailVerified: false };
const resend = (answer: ReturnType<FakeHandler> | (() => never)): FakeHandler => (url, init) => {
  if (url !== '/api/auth/verify-email/resend' || init.method !== 'POST') return undefined;
  return typeof answer === 'function' ? answer() : answer;
};

describe('EmailConfirmation', () => {
  it('says a confirmed address is confirmed, with nothing to do', () => {
    renderWithProviders(<EmailConfirmation user={customer} />);
    expect(screen.getByTestId('email-status')).toHaveTextContent(messages.ui.emailConfirmed);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends an unconfirmed address a new link on request', async () => {
    const { calls } = mockFetch(resend({ status: 202 }));
    const { user } = renderWithProviders(<EmailConfirmation user={unconfirmed} />);
    expect(screen.getByTestId('email-status')).toHaveTextContent(messages.ui.emailNotConfirmed);
    await user.click(screen.getByRole('button', { name: 'Send the confirmation link again' }));
    expect(await screen.findByText(messages.ui.verificationSent(customer.email))).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('shows a failure in red next to the button', async () => {
    mockFetch(
      resend(() => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { user } = renderWithProviders(<EmailConfirmation user={unconfirmed} />);
    await user.click(screen.getByRole('button', { name: 'Send the confirmation link again' }));
    expect(await screen.findByText(messages.ui.networkError)).toHaveClass('text-red-700');
    expect(screen.queryByText(messages.ui.verificationSent(customer.email))).not.toBeInTheDocument();
  });
});
