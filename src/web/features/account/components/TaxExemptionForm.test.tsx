import { screen } from '@testing-library/react';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { TaxExemptionForm } from './TaxExemptionForm.js';

const admin = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' as const };
const path = `/api/admin/users/${encodeURIComponent(customer.email)}/tax-exemption`;

function setup() {
  const fake = mockFetch((url, init) => {
    if (url !== path) return undefined;
    if (init.method === 'PUT') return { status: 200, body: { email: customer.email, ...(JSON.parse(String(init.body)) as object) } };
    if (init.method === 'DELETE') return { status: 204 };
    return undefined;
  });
  const rendered = renderWithProviders(<TaxExemptionForm users={[admin, customer]} />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
  return { ...fake, ...rendered };
}

describe('the admin’s tax exemption form', () => {
  it("records a buyer's certificate number and expiry, and says so", async () => {
    const { user, calls } = setup();
    // Admins buy nothing: only buyers are offered.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a buyer', 'Casey Customer (customer@partsmith.example)']);
    expect(screen.getByRole('button', { name: 'Record certificate' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Buyer'), customer.email);
    await user.type(screen.getByLabelText('Certificate number'), 'VT-RES-2231');
    await user.type(screen.getByLabelText('Expires on'), '2031-12-31');
    await user.click(screen.getByRole('button', { name: 'Record certificate' }));
    expect(await screen.findByText('Tax exemption recorded for customer@partsmith.example until 2031-12-31')).toBeInTheDocument();
    expect(calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PUT', url: path, body: { certificate: 'VT-RES-2231', expiresOn: '2031-12-31' } },
    ]);
  });

  it('marks a missing number and date beside their fields and sends nothing', async () => {
    const { user, calls } = setup();
    await user.selectOptions(screen.getByLabelText('Buyer'), customer.email);
    await user.click(screen.getByRole('button', { name: 'Record certificate' }));
    expect(await screen.findByText('Enter the exemption certificate number')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date as YYYY-MM-DD')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("removes a buyer's exemption", async () => {
    const { user, calls } = setup();
    await user.selectOptions(screen.getByLabelText('Buyer'), customer.email);
    await user.click(screen.getByRole('button', { name: 'Remove exemption' }));
    expect(await screen.findByText('Tax exemption of customer@partsmith.example removed')).toBeInTheDocument();
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([`DELETE ${path}`]);
  });
});
