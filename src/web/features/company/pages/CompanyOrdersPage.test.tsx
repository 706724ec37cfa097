import { screen, waitFor, within } from '@testing-library/react';
import type { Order } from '../../../../shared/api.js';
import type { MyCompany } from '../../../../shared/companies.js';
import { companyMessages } from '../../../../shared/companies-copy.js';
import { unpaidOrder } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { CompanyOrdersPage } from './CompanyOrdersPage.js';

const company: MyCompany = {
  id: 3,
  name: 'Acme Workshop',
  status: 'approved',
  vatId: null,
  taxCertificate: null,
  phone: '+1 555 0100',
  address: { name: 'Receiving', company: '', line1: '12 Main St', line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US', phone: '' },
  declineReason: null,
  priceListId: null,
  createdAt: '2030-06-01T10:00:00.000Z',
  role: 'admin',
  spendingLimit: null,
  members: [],
};
const dana = { name: 'Dana Buyer', email: 'dana@acme.example', companyId: 3 };
// Dana's $900 order over her $500 limit, her $320 one (not paid yet), and the admin's own $1,500 one awaiting approval.
const waiting = unpaidOrder({ _id: '11', number: 'ORD-000011', ...dana, total: 900, subtotal: 900, status: 'awaiting approval' });
const small = unpaidOrder({ _id: '10', number: 'ORD-000010', ...dana, total: 320, subtotal: 320 });
const mine = unpaidOrder({ _id: '12', number: 'ORD-000012', companyId: 3, status: 'awaiting approval' });

function serve(orders: Order[]) {
  let list = orders;
  const decide = (id: string, change: Partial<Order>) => {
    list = list.map((order) => (order._id === id ? { ...order, ...change } : order));
    return { status: 200, body: list.find((order) => order._id === id) };
  };
  return mockFetch((url, init) => {
    if (url === '/api/companies/mine') return { status: 200, body: company };
    if (url === '/api/companies/3/orders') return { status: 200, body: { items: list, nextCursor: null, total: list.length } };
    if (url === '/api/companies/3/orders.csv') return { status: 200, body: 'number,buyer,total\r\nORD-000011,Dana Buyer,900.00\r\n' };
    const action = /^\/api\/orders\/(\d+)\/(approve|decline)$/.exec(url);
    if (!action || init.method !== 'POST') return undefined;
    if (action[2] === 'approve') return decide(action[1]!, { status: 'not paid' });
    return decide(action[1]!, { status: 'cancelled', declineReason: (JSON.parse(String(init.body)) as { reason: string }).reason, heldUntil: null });
  });
}

const rowOf = async (number: string) => within(await screen.findByTestId(`company-order-${number}`));
const renderPage = () => renderWithProviders(<CompanyOrdersPage />, { auth: fakeAuth({ user: customer }) });

describe("the company's orders", () => {
  it('lists every order with its buyer, total and status, Approve and Decline only on others’ orders awaiting approval', async () => {
    serve([mine, waiting, small]);
    renderPage();
    const row = await rowOf('ORD-000011');
    expect(row.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['ORD-000011', 'Dana Buyerdana@acme.example', '$900.00', 'Awaiting approval', 'ApproveDecline']);
    expect(row.getByRole('link', { name: 'ORD-000011' })).toHaveAttribute('href', '/dashboard/orders/11');
    expect((await rowOf('ORD-000010')).queryAllByRole('button')).toEqual([]);
    expect((await rowOf('ORD-000010')).getByText('Awaiting payment')).toBeInTheDocument();
    const own = await rowOf('ORD-000012');
    expect(own.queryAllByRole('button')).toEqual([]);
    expect(own.getByText('Your own order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('approves an order once confirmed', async () => {
    const { calls } = serve([waiting]);
    const { user } = renderPage();
    await user.click((await rowOf('ORD-000011')).getByRole('button', { name: 'Approve ORD-000011' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText('Approve order ORD-000011 of Dana Buyer ($900.00)?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Order ORD-000011 is approved')).toBeInTheDocument();
    await waitFor(async () => expect((await rowOf('ORD-000011')).getByText('Awaiting payment')).toBeInTheDocument());
    expect((await rowOf('ORD-000011')).queryAllByRole('button')).toEqual([]);
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([['/api/orders/11/approve', undefined]]);
  });

  it('declines an order with the reason asked for in a dialog', async () => {
    const { calls } = serve([waiting]);
    const { user } = renderPage();
    await user.click((await rowOf('ORD-000011')).getByRole('button', { name: 'Decline ORD-000011' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline order ORD-000011' }));
    await user.click(dialog.getByRole('button', { name: 'Decline order' }));
    expect(await dialog.findByText(companyMessages.declineReasonRequired)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Reason'), 'Over this month’s budget');
    await user.click(dialog.getByRole('button', { name: 'Decline order' }));
    expect(await screen.findByText('Order ORD-000011 is declined')).toBeInTheDocument();
    await waitFor(async () => expect((await rowOf('ORD-000011')).getByText('Cancelled')).toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([['/api/orders/11/decline', { reason: 'Over this month’s budget' }]]);
  });

  it('downloads the CSV through the API (with the token, as the other exports do) and saves it', async () => {
    const { calls } = serve([waiting]);
    const created = vi.fn(() => 'blob:csv');
    URL.createObjectURL = created;
    URL.revokeObjectURL = () => undefined;
    const { user } = renderPage();
    await rowOf('ORD-000011');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(calls.map((call) => call.url)).toContain('/api/companies/3/orders.csv');
  });
});
