import { screen } from '@testing-library/react';
import { messages } from '../../../../shared/messages.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { MyProfilePage } from './MyProfilePage.js';

describe('MyProfilePage', () => {
  it("keeps the original profile (docs/legacy-contract.md#screen-text) and adds the e-mail's confirmation, the password change and the sessions", async () => {
    const unconfirmed = { ...customer, phone: '+1 555 0100', address: '1 Main Street', emailVerified: false };
    mockFetch((url) => {
      if (url === '/api/user/customer%40partsmith.example') return { status: 200, body: unconfirmed };
      if (url === '/api/auth/sessions')
        return {
          status: 200,
          body: [{ _id: '1', createdAt: '2030-06-01T10:00:00.000Z', lastUsedAt: '2030-06-01T10:00:00.000Z', userAgent: '', current: true }],
        };
      return undefined;
    });
    renderWithProviders(<MyProfilePage />, { auth: fakeAuth({ user: customer }) });

    expect(await screen.findByLabelText('Name')).toHaveValue(customer.name);
    expect(screen.getByLabelText('Email')).toHaveValue(customer.email);
    expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100');
    expect(screen.getByLabelText('Address')).toHaveValue('1 Main Street');
    expect(screen.getByRole('button', { name: 'Update Info' })).toBeInTheDocument();
    expect(screen.getByText(messages.ui.emailNotConfirmed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the confirmation link again' })).toBeInTheDocument();

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'My Profile',
      'Change password',
      'Your sessions',
    ]);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(await screen.findByText(messages.ui.unknownDevice)).toBeInTheDocument();
    expect(screen.getByText(messages.ui.thisDevice)).toBeInTheDocument();
  });

  it("gives an admin a link to the Inbox instead of the contact messages, and a customer none", async () => {
    const admin = { ...customer, email: 'admin@partsmith.example', role: 'admin' as const };
    const answers = (user: typeof customer) =>
      mockFetch((url) => {
        if (url === `/api/user/${encodeURIComponent(user.email)}`) return { status: 200, body: user };
        if (url === '/api/auth/sessions') return { status: 200, body: [] };
        return undefined;
      });
    answers(admin);
    const { unmount } = renderWithProviders(<MyProfilePage />, { auth: fakeAuth({ user: admin }) });
    expect(await screen.findByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/dashboard/inbox');
    expect(screen.queryByRole('heading', { name: 'Contact Messages' })).not.toBeInTheDocument();
    unmount();

    answers(customer);
    renderWithProviders(<MyProfilePage />, { auth: fakeAuth({ user: customer }) });
    expect(await screen.findByLabelText('Phone Number')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inbox' })).not.toBeInTheDocument();
  });
});
