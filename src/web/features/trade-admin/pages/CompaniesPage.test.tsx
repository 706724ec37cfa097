import { screen, within } from '@testing-library/react';
import type { AdminCompany, CompanyDecision, PriceList } from '../../../../shared/companies.js';
import { chooseAction } from '../../../test/actions-menu.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { CompaniesPage } from './CompaniesPage.js';

const admin = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' as const };
const asAdmin = (route = '/under-test') => ({ auth: fakeAuth({ user: admin, isAdmin: true }), route });

const ADDRESS = { name: 'Receiving', company: '', line1: '1 Main St', line2: '', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US', phone: '' };

function aCompany(overrides: Partial<AdminCompany>): AdminCompany {
  return {
    id: 1,
    name: 'Northway Fleet',
    status: 'pending',
    vatId: null,
    taxCertificate: null,
    phone: '+1 555 0100',
    address: ADDRESS,
    declineReason: null,
    priceListId: null,
    createdAt: '2030-01-02T10:00:00.000Z',
    applicant: { userId: 3, name: 'Nora North', email: 'nora@northway.example.com' },
    memberCount: 1,
    members: [{ userId: 3, name: 'Nora North', email: 'nora@northway.example.com', role: 'admin', spendingLimit: null }],
    spentLast30Days: 0,
    ...overrides,
  };
}

const garageList: PriceList = { id: 'garages', name: 'Garages 10%', discountPercent: 10, prices: [], validFrom: null, validTo: null, companyCount: 0, updatedAt: '2030-01-01T00:00:00.000Z' };
const fleetList: PriceList = { ...garageList, id: 'fleets', name: 'Fleets 15%', discountPercent: 15 };

/** A fake server holding `companies`: filtered by `?status=`, PATCH decides one as the real one would. */
function serve(initial: AdminCompany[]) {
  let companies = initial;
  return mockFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://shop.test');
    const method = init.method ?? 'GET';
    if (pathname === '/api/admin/price-lists' && method === 'GET') return { status: 200, body: [garageList, fleetList] };
    if (pathname === '/api/admin/companies' && method === 'GET') {
      const status = searchParams.get('status');
      return { status: 200, body: companies.filter((company) => !status || company.status === status) };
    }
    const id = Number(/^\/api\/admin\/companies\/(\d+)$/.exec(pathname)?.[1]);
    if (id && method === 'PATCH') {
      const decision = JSON.parse(String(init.body)) as CompanyDecision;
      companies = companies.map((company) =>
        company.id === id
          ? { ...company, status: decision.status, priceListId: decision.priceListId ?? null, declineReason: decision.declineReason ?? null }
          : company,
      );
      return { status: 200, body: companies.find((company) => company.id === id) };
    }
    return undefined;
  });
}

const pending = aCompany({ id: 1, name: 'Northway Fleet', vatId: 'DE123456789', memberCount: 1 });
const approved = aCompany({
  id: 2,
  name: 'Southside Garage',
  status: 'approved',
  taxCertificate: 'OR-EX-77',
  memberCount: 4,
  spentLast30Days: 1234.5,
  priceListId: 'garages',
  applicant: { userId: 4, name: 'Sam South', email: 'sam@southside.example.com' },
});

describe('CompaniesPage', () => {
  it('opens on the pending applications, each with its applicant, tax id, members and spending; the status is kept in the address', async () => {
    const { calls } = serve([pending, approved]);
    const { user } = renderWithProviders(<CompaniesPage />, asAdmin());
    expect(screen.getByRole('heading', { name: 'Companies' })).toBeInTheDocument();
    const row = within(await screen.findByTestId('company-1'));
    expect(row.getByText('Northway Fleet')).toBeInTheDocument();
    expect(row.getByText('Nora North')).toBeInTheDocument();
    expect(row.getByText('nora@northway.example.com')).toBeInTheDocument();
    expect(row.getByText('VAT ID DE123456789')).toBeInTheDocument();
    expect(row.getByText('pending')).toBeInTheDocument();
    expect(screen.queryByTestId('company-2')).not.toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['Pending', 'Approved', 'Declined', 'All']);

    await user.selectOptions(status, 'Approved');
    const other = within(await screen.findByTestId('company-2'));
    expect(other.getByText('Certificate OR-EX-77')).toBeInTheDocument();
    expect(other.getByText('4')).toBeInTheDocument();
    expect(other.getByText('1,234.50')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/admin/companies')).map((call) => call.url)).toEqual([
      '/api/admin/companies?status=pending',
      '/api/admin/companies?status=approved',
    ]);

    // Its details: the price list by name.
    await chooseAction(user, 'Southside Garage', 'Details');
    const details = within(screen.getByLabelText('Details of Southside Garage'));
    expect(details.getByText('Garages 10%')).toBeInTheDocument();
    expect(details.getByText('1 Main St, Portland, OR, 97201, US')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sales overview of Southside Garage' })).toHaveAttribute('href', '/dashboard/overview?companyId=2');
  });

  it("lists the company's members in its details, with their role and limit, and links to its orders", async () => {
    const withMembers = {
      ...approved,
      memberCount: 2,
      members: [
        { userId: 4, name: 'Sam South', email: 'sam@southside.example.com', role: 'admin' as const, spendingLimit: null },
        { userId: 9, name: 'Tia Buyer', email: 'tia@southside.example.com', role: 'buyer' as const, spendingLimit: 1250.5 },
      ],
    };
    serve([pending, withMembers]);
    const { user } = renderWithProviders(<CompaniesPage />, asAdmin('/under-test?status=approved'));
    await screen.findByTestId('company-2');
    expect(screen.queryByRole('table', { name: 'Members of Southside Garage' })).not.toBeInTheDocument();
    await chooseAction(user, 'Southside Garage', 'Details');
    const members = within(screen.getByRole('table', { name: 'Members of Southside Garage' }));
    expect(members.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'E-mail', 'Role', 'Spending limit']);
    expect(
      members
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent)),
    ).toEqual([
      ['Sam South', 'sam@southside.example.com', 'Admin', 'No limit'],
      ['Tia Buyer', 'tia@southside.example.com', 'Buyer', '$1,250.50'],
    ]);
    expect(screen.getByRole('link', { name: 'Orders of Southside Garage' })).toHaveAttribute('href', '/dashboard/orders?companyId=2');
  });

  it('approves an application with a price list: the decision sent, the toast, the company gone from the pending ones', async () => {
    const { calls } = serve([pending]);
    const { user } = renderWithProviders(<CompaniesPage />, asAdmin('/under-test?status=pending'));
    await screen.findByTestId('company-1');
    await chooseAction(user, 'Northway Fleet', 'Approve');
    const dialog = within(screen.getByRole('dialog', { name: 'Approve Northway Fleet' }));
    const list = dialog.getByRole('combobox', { name: 'Price list' });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['None (public prices)', 'Garages 10%', 'Fleets 15%']);
    await user.selectOptions(list, 'Fleets 15%');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Company approved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.url, call.body])).toEqual([
      ['/api/admin/companies/1', { status: 'approved', priceListId: 'fleets' }],
    ]);
    expect(await screen.findByText('No companies in this status.')).toBeInTheDocument();
  });

  it('declines only with a reason (the shared message), and sends it', async () => {
    const { calls } = serve([pending]);
    const { user } = renderWithProviders(<CompaniesPage />, asAdmin());
    await screen.findByTestId('company-1');
    await chooseAction(user, 'Northway Fleet', 'Decline');
    const dialog = within(screen.getByRole('dialog', { name: 'Decline Northway Fleet' }));
    await user.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(dialog.getByText('Please give a reason')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'No trade registration found');
    await user.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Application declined')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.url, call.body])).toEqual([
      ['/api/admin/companies/1', { status: 'declined', declineReason: 'No trade registration found' }],
    ]);
  });

  it('changes the price list of an approved company, to none', async () => {
    const { calls } = serve([approved]);
    const { user } = renderWithProviders(<CompaniesPage />, asAdmin('/under-test?status=approved'));
    await screen.findByTestId('company-2');
    await chooseAction(user, 'Southside Garage', 'Change price list');
    const dialog = within(screen.getByRole('dialog', { name: 'Price list of Southside Garage' }));
    expect(dialog.getByRole('combobox', { name: 'Price list' })).toHaveValue('garages');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Price list' }), 'None (public prices)');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price list changed')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ status: 'approved', priceListId: null }]);
  });
});
