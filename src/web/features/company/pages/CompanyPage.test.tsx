import { screen, waitFor, within } from '@testing-library/react';
import type { CompanyMember, MyCompany } from '../../../../shared/companies.js';
import { errorMessages } from '../../../../shared/messages.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { customer, fakeAuth, type FakeHandler, mockFetch, renderWithProviders } from '../../../test/render.js';
import { CompanyPage } from './CompanyPage.js';

const address = { name: 'Receiving', company: 'Acme Workshop', line1: '12 Main St', line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US', phone: '' };
const me: CompanyMember = { userId: 2, name: customer.name, email: customer.email, role: 'admin', spendingLimit: null };
const dana: CompanyMember = { userId: 5, name: 'Dana Buyer', email: 'dana@acme.example', role: 'buyer', spendingLimit: 500 };

function aCompany(overrides: Partial<MyCompany> = {}): MyCompany {
  return {
    id: 3,
    name: 'Acme Workshop',
    status: 'approved',
    vatId: null,
    taxCertificate: null,
    phone: '+1 555 0100',
    address,
    declineReason: null,
    priceListId: 'workshops',
    createdAt: '2030-06-01T10:00:00.000Z',
    role: 'admin',
    spendingLimit: null,
    members: [me, dana],
    ...overrides,
  };
}

/** The shop with the caller's company (null: none) and `more` for the rest. */
function serve(company: MyCompany | null, more?: FakeHandler) {
  return mockFetch((url, init) => {
    if (url === '/api/companies/mine' && (init.method ?? 'GET') === 'GET') {
      return company ? { status: 200, body: company } : apiError(404, 'not_found', serverMessage(errorMessages.notFound, 'Company'));
    }
    return more?.(url, init);
  });
}

const renderPage = () => renderWithProviders(<CompanyPage />, { auth: fakeAuth({ user: customer }) });

describe('the trade account page', () => {
  it('offers the application to a buyer without a company, checks it as the server does, and sends it', async () => {
    const { calls } = serve(null, (url, init) =>
      url === '/api/companies' && init.method === 'POST' ? { status: 201, body: { ...aCompany({ status: 'pending' }), members: undefined, role: undefined, spendingLimit: undefined } } : undefined,
    );
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Apply for a trade account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone Number is required')).toBeInTheDocument();
    expect(screen.getByText('Enter the street and number')).toBeInTheDocument();
    expect(screen.getByText('Enter the city')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Company name'), 'Acme Workshop');
    await user.type(screen.getByLabelText('Tax exemption certificate'), 'IL-RESALE-1234');
    await user.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await user.type(screen.getByLabelText('Recipient name'), 'Receiving');
    await user.type(screen.getByLabelText('Street and number'), '12 Main St');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.selectOptions(screen.getByLabelText('State or region'), 'IL');
    await user.type(screen.getByLabelText('Postal code'), '62701');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Your application was sent')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        name: 'Acme Workshop',
        taxCertificate: 'IL-RESALE-1234',
        phone: '+1 555 0100',
        address: { ...address, company: '' },
      },
    ]);
  });

  it('says an application is being reviewed, and why one was declined with the form to apply again', async () => {
    serve(aCompany({ status: 'pending', members: [] }));
    const first = renderPage();
    expect(await screen.findByText('Your application is being reviewed.')).toBeInTheDocument();
    first.unmount();

    serve(aCompany({ status: 'declined', declineReason: 'We could not verify the VAT ID', members: [] }));
    renderPage();
    expect(await screen.findByText('Your application was declined: We could not verify the VAT ID')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it("shows a buyer their company, role and spending limit, and no members", async () => {
    serve(aCompany({ role: 'buyer', spendingLimit: 500, members: [] }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Acme Workshop' })).toBeInTheDocument();
    expect(screen.getByTestId('my-role')).toHaveTextContent('Your role: Buyer');
    expect(screen.getByText('Your spending limit per order: $500.00')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Members' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Company orders' })).not.toBeInTheDocument();
  });

  it('lists the members for an admin, changes a role and a limit, and removes a member once confirmed', async () => {
    let company = aCompany();
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/companies/mine') return { status: 200, body: company };
      const member = /^\/api\/companies\/3\/members\/5$/.test(url);
      if (member && init.method === 'PATCH') {
        const patch = JSON.parse(String(init.body)) as Partial<CompanyMember>;
        const changed = { ...dana, ...company.members[1], ...patch };
        company = { ...company, members: [me, changed] };
        return { status: 200, body: changed };
      }
      if (member && init.method === 'DELETE') {
        company = { ...company, members: [me] };
        return { status: 204 };
      }
      return undefined;
    });
    const { user } = renderPage();
    const table = within(await screen.findByRole('region', { name: 'Members' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent))).toEqual([
      [`${customer.name} (you)`, customer.email],
      ['Dana Buyer', 'dana@acme.example'],
    ]);
    expect(within(rows[0]!).getByTestId('member-limit')).toHaveTextContent('No limit');
    expect(within(rows[1]!).getByTestId('member-limit')).toHaveTextContent('$500.00');
    // The admin's own row has no role select and no Remove.
    expect(table.queryByRole('combobox', { name: `Role of ${customer.name}` })).not.toBeInTheDocument();
    expect(table.queryByRole('button', { name: `Remove ${customer.name}` })).not.toBeInTheDocument();

    await user.selectOptions(table.getByRole('combobox', { name: 'Role of Dana Buyer' }), 'admin');
    expect(await screen.findByText('Dana Buyer is updated')).toBeInTheDocument();

    const limit = table.getByRole('textbox', { name: 'Spending limit ($) of Dana Buyer' });
    await user.clear(limit);
    await user.type(limit, '12.345');
    await user.click(table.getByRole('button', { name: 'Save limit of Dana Buyer' }));
    expect(await table.findByText('Spending limit must be a positive amount in dollars, up to two decimals')).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, '750');
    await user.click(table.getByRole('button', { name: 'Save limit of Dana Buyer' }));
    await waitFor(() => expect(within(screen.getByTestId('member-5')).getByTestId('member-limit')).toHaveTextContent('$750.00'));
    await user.clear(limit);
    await user.click(table.getByRole('button', { name: 'Save limit of Dana Buyer' }));
    await waitFor(() => expect(within(screen.getByTestId('member-5')).getByTestId('member-limit')).toHaveTextContent('No limit'));

    await user.click(table.getByRole('button', { name: 'Remove Dana Buyer' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText('Remove Dana Buyer from Acme Workshop?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Dana Buyer was removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('member-5')).not.toBeInTheDocument());

    expect(calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.url, call.body])).toEqual([
      ['PATCH', '/api/companies/3/members/5', { role: 'admin' }],
      ['PATCH', '/api/companies/3/members/5', { spendingLimit: 750 }],
      ['PATCH', '/api/companies/3/members/5', { spendingLimit: null }],
      ['DELETE', '/api/companies/3/members/5', undefined],
    ]);
    expect(screen.getByRole('link', { name: 'Company orders' })).toHaveAttribute('href', '/dashboard/company/orders');
  });

  it('invites a colleague with a role and an optional limit', async () => {
    const { calls } = serve(aCompany(), (url, init) =>
      url === '/api/companies/3/invitations' && init.method === 'POST'
        ? { status: 201, body: { id: 9, spendingLimit: null, ...(JSON.parse(String(init.body)) as object), expiresAt: '2030-06-08T10:00:00.000Z' } }
        : undefined,
    );
    const { user } = renderPage();
    const form = within(await screen.findByRole('form', { name: 'Invite a colleague' }));
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await form.findByText('Email is required')).toBeInTheDocument();
    await user.type(form.getByLabelText('E-mail'), 'sam@acme.example');
    await user.type(form.getByLabelText('Spending limit ($)'), '-5');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await form.findByText('Spending limit must be a positive amount in dollars, up to two decimals')).toBeInTheDocument();
    await user.clear(form.getByLabelText('Spending limit ($)'));
    await user.type(form.getByLabelText('Spending limit ($)'), '500');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();

    await user.type(form.getByLabelText('E-mail'), 'lee@acme.example');
    await user.selectOptions(form.getByLabelText('Role'), 'admin');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { email: 'sam@acme.example', role: 'buyer', spendingLimit: 500 },
      { email: 'lee@acme.example', role: 'admin' },
    ]);
  });
});
