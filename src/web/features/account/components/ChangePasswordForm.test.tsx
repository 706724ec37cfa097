import { screen, waitFor } from '@testing-library/react';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { apiError } from '../../../test/fake-answers.js';
import { mockFetch, renderWithProviders, type FakeHandler } from '../../../test/render.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';

function setup(answer: FakeHandler = () => undefined) {
  const fetched = mockFetch(answer);
  return { ...renderWithProviders(<ChangePasswordForm />), ...fetched };
}

const change = (answer: ReturnType<FakeHandler>): FakeHandler => (url, init) =>
  url === '/api/auth/password' && init.method === 'POST' ? answer : undefined;

async function fill(user: ReturnType<typeof setup>['user'], current: string, next: string) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('needs both passwords, the new one of at least 6 characters', async () => {
    const { user, calls } = setup();
    await fill(user, '', '');
    expect(await screen.findAllByText('Password is required')).toHaveLength(2);
    await fill(user, 'partsmith-customer', '12345');
    expect(await screen.findByText('Must be 6 characters or longer')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('changes the password, toasts that the other sessions are signed out, and empties the form', async () => {
    const { user, calls } = setup(change({ status: 204 }));
    await fill(user, 'partsmith-customer', 'brake-pads-42');
    expect(await screen.findByText(messages.ui.passwordChanged)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ currentPassword: 'partsmith-customer', newPassword: 'brake-pads-42' });
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('shows a wrong current password under its field', async () => {
    const { user } = setup(
      change(apiError(400, 'validation', errorMessages.wrongCurrentPassword, { currentPassword: errorMessages.wrongCurrentPassword })),
    );
    await fill(user, 'not-my-password', 'brake-pads-42');
    expect(await screen.findByText(errorMessages.wrongCurrentPassword)).toHaveClass('field-error');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(messages.ui.passwordChanged)).not.toBeInTheDocument();
  });

  it('shows a too common new password under its field', async () => {
    const { user } = setup(change(apiError(400, 'validation', errorMessages.commonPassword, { newPassword: errorMessages.commonPassword })));
    await fill(user, 'partsmith-customer', 'password1');
    expect(await screen.findByText(errorMessages.commonPassword)).toHaveClass('field-error');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });
});
