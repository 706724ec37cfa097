import { screen, within } from '@testing-library/react';
import type { User } from '../../../../shared/api.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { MakeAdminPage } from './MakeAdminPage.js';

const admin: User = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' };

describe('MakeAdminPage', () => {
  it("offers below the users a form for a buyer's tax exemption certificate", async () => {
    mockFetch((url) => (url === '/api/user' ? { status: 200, body: [admin, customer] } : undefined));
    renderWithProviders(<MakeAdminPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    const form = within(await screen.findByRole('region', { name: 'Tax exemption' }));
    expect(form.getByRole('option', { name: `Casey Customer (${customer.email})` })).toBeInTheDocument();
    expect(form.getByLabelText('Certificate number')).toBeInTheDocument();
    expect(form.getByLabelText('Expires on')).toBeInTheDocument();
  });

  it('says a promotion cannot be undone before making a customer admin', async () => {
    const users: User[] = [admin, customer];
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/user') return { status: 200, body: users };
      if (url === `/api/user/admin/${encodeURIComponent(customer.email)}` && init.method === 'PUT') {
        users[1] = { ...customer, role: 'admin' };
        return { status: 200, body: users[1] };
      }
      return undefined;
    });
    const { user } = renderWithProviders(<MakeAdminPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    const row = within(await screen.findByTestId(`user-${customer.email}`));
    await user.click(row.getByRole('button', { name: 'Make Admin' }));

    const dialog = within(screen.getByRole('alertdialog'));
    expect(
      dialog.getByText(
        `Make ${customer.email} an admin? This cannot be undone: admin rights cannot be taken back, and an admin can't be removed.`,
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep as customer' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.click(row.getByRole('button', { name: 'Make Admin' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText(`${customer.email} is made Admin successfully`)).toBeInTheDocument();
    expect(await within(screen.getByTestId(`user-${customer.email}`)).findByText("Admin can't be removed")).toBeInTheDocument();
  });

  it("names the remove-user dialog's buttons 'Remove user' and 'Keep user'", async () => {
    mockFetch((url) => (url === '/api/user' ? { status: 200, body: [admin, customer] } : undefined));
    const { user } = renderWithProviders(<MakeAdminPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    await user.click(within(await screen.findByTestId(`user-${customer.email}`)).getByRole('button', { name: 'Remove User' }));
    const dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByText(`Are you sure you want to remove ${customer.email}?`)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Remove user' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep user' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
