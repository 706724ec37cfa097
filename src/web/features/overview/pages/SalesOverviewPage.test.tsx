import { fireEvent, screen, within } from '@testing-library/react';
import type { SalesStats } from '../../../../shared/sales-stats.js';
import type { AdminCompany } from '../../../../shared/companies.js';
import { addDays, datesOf } from '../../../../shared/dates.js';
import { formatCalendarDate } from '../../../../shared/format.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { localToday } from '../period.js';
import { SalesOverviewPage } from './SalesOverviewPage.js';

const admin = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' as const };
const today = localToday();

/** A period's figures: `revenue` dollars over `orders` paid orders, all on its last day, 6 % of it in tax and 2 % of it refunded. */
function statsOf(from: string, to: string, revenue: number, orders: number): SalesStats {
  const days = datesOf(from, to);
  return {
    revenue,
    tax: revenue * 0.06,
    refunds: revenue * 0.02,
    orders,
    units: orders * 10,
    averageOrderValue: orders === 0 ? 0 : revenue / orders,
    byDay: days.map((date) => (date === to ? { date, revenue, orders } : { date, revenue: 0, orders: 0 })),
    topProducts: orders === 0 ? [] : [
      { productId: '1', sku: 'CL-7030', name: 'Radiator', revenue: revenue * 0.75, units: 5 },
      { productId: '2', sku: 'EN-0412-IR', name: 'Spark Plug', revenue: revenue * 0.25, units: 400 },
    ],
    topProductsByUnits: orders === 0 ? [] : [
      { productId: '2', sku: 'EN-0412-IR', name: 'Spark Plug', revenue: revenue * 0.25, units: 400 },
      { productId: '1', sku: 'CL-7030', name: 'Radiator', revenue: revenue * 0.75, units: 5 },
    ],
    topCustomers: orders === 0 ? [] : [{ email: 'fleet@northway.example.com', name: 'Northway Logistics', revenue, orders }],
    topCompanies: orders === 0 ? [] : [{ companyId: 7, name: 'Northway Fleet Ltd', revenue: revenue * 0.5, orders: 2 }],
    byStatus: { 'awaiting approval': 0, 'not paid': 1, pending: 2, 'partially shipped': 0, shipped: orders, cancelled: 0, expired: 3 },
  };
}

/** The server: every period of 30 days or fewer ending today sold $12,000 in 6 orders, the one before $10,000 in 8. */
function serve(answer: (from: string, to: string) => SalesStats = (from, to) => (to === today ? statsOf(from, to, 12_000, 6) : statsOf(from, to, 10_000, 8))) {
  return mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, 'http://shop');
    if (pathname === '/api/admin/companies') return { status: 200, body: searchParams.get('status') === 'approved' ? [aCompany] : [] };
    if (pathname !== '/api/admin/stats') return undefined;
    return { status: 200, body: answer(searchParams.get('from')!, searchParams.get('to')!) };
  });
}

/** The stats asked for (the company filter's list of companies left out). */
const statsAsked = (calls: { url: string }[]) => calls.map(({ url }) => new URL(url, 'http://shop')).filter((url) => url.pathname === '/api/admin/stats');
const periodsAsked = (calls: { url: string }[]) => statsAsked(calls).map(({ searchParams: params }) => `${params.get('from')}..${params.get('to')}`);

const aCompany: AdminCompany = {
  id: 7,
  name: 'Northway Fleet Ltd',
  status: 'approved',
  vatId: null,
  taxCertificate: 'OR-EX-1',
  phone: '+1 555 0100',
  address: { name: 'Receiving', company: 'Northway', line1: '1 Main St', line2: '', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US', phone: '' },
  declineReason: null,
  priceListId: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  applicant: { userId: 3, name: 'Nora North', email: 'nora@northway.example.com' },
  memberCount: 3,
  members: [],
  spentLast30Days: 1200,
};

const renderPage = () => renderWithProviders(<SalesOverviewPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });

describe('SalesOverviewPage', () => {
  it('shows the last 30 days against the 30 before: figures and their change, the chart in words, the leaders', async () => {
    const { calls } = serve();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Sales Overview' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    const revenue = within(await screen.findByTestId('figure-revenue'));
    expect(revenue.getByText('$12,000.00')).toBeInTheDocument();
    expect(await revenue.findByText('+20% vs previous period')).toBeInTheDocument();
    // Tax beside revenue, not in it: $720 of $12,000, against $600 before.
    const tax = within(screen.getByTestId('figure-tax'));
    expect(tax.getByText('Tax collected')).toBeInTheDocument();
    expect(tax.getByText('$720.00')).toBeInTheDocument();
    expect(tax.getByText('+20% vs previous period')).toBeInTheDocument();
    // Refunds beside revenue too: $240 of $12,000, against $200 before.
    const refunds = within(screen.getByTestId('figure-refunds'));
    expect(refunds.getByText('Refunds')).toBeInTheDocument();
    expect(refunds.getByText('$240.00')).toBeInTheDocument();
    expect(refunds.getByText('+20% vs previous period')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-orders')).getByText('−25% vs previous period')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-averageOrderValue')).getByText('$2,000.00')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-averageOrderValue')).getByText('+60% vs previous period')).toBeInTheDocument();
    expect(periodsAsked(calls)).toEqual([`${addDays(today, -29)}..${today}`, `${addDays(today, -59)}..${addDays(today, -30)}`]);

    expect(screen.getByText(`Revenue over 30 days: $12,000.00; best day ${formatCalendarDate(today)} ($12,000.00).`)).toBeInTheDocument();
    const days = screen.getByRole('table', { name: 'Revenue and paid orders by day' });
    expect(within(days).getAllByRole('row')).toHaveLength(31);
    expect(within(days).getByRole('row', { name: `${formatCalendarDate(today)} 12,000.00 6` })).toBeInTheDocument();

    const byUnits = within(screen.getByRole('region', { name: 'Top parts by units' })).getAllByRole('row').slice(1);
    expect(byUnits.map((row) => row.textContent)).toEqual(['Spark PlugEN-0412-IR3,000.00400', 'RadiatorCL-70309,000.005']);
    expect(within(screen.getByRole('region', { name: 'Top customers' })).getByText('Northway Logistics')).toBeInTheDocument();
    const byStatus = within(screen.getByRole('region', { name: 'Orders by status' })).getAllByRole('row').slice(1);
    expect(byStatus.map((row) => row.textContent)).toEqual(['Awaiting approval0', 'Awaiting payment1', 'Paid – preparing shipment2', 'Partially shipped0', 'Shipped6', 'Cancelled0', 'Cancelled – not paid in time3']);
  });

  it.each([
    ['Today', 0],
    ['7 days', 6],
    ['12 months', 364],
  ])('asks for %s and the period of the same length before it', async (preset, back) => {
    const { calls } = serve();
    const { user } = renderPage();
    await screen.findByTestId('figure-revenue');
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: preset }));
    expect(screen.getByRole('button', { name: preset })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(statsAsked(calls)).toHaveLength(2));
    const length = back + 1;
    expect(periodsAsked(calls)).toEqual([`${addDays(today, -back)}..${today}`, `${addDays(today, -back - length)}..${addDays(today, -length)}`]);
  });

  it('asks for a custom range once both dates make a period, and says when they do not', async () => {
    const { calls } = serve();
    const { user } = renderPage();
    await screen.findByTestId('figure-revenue');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    calls.length = 0;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a start date on or before the end date, at most 400 days apart.');
    expect(statsAsked(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-19' } });
    await vi.waitFor(() => expect(periodsAsked(calls)).toEqual(['2026-03-10..2026-03-19', '2026-02-28..2026-03-09']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the top companies, and filters every figure by a company chosen (kept in the address)', async () => {
    const { calls } = serve();
    const { user } = renderPage();
    const top = within(await screen.findByRole('region', { name: 'Top companies' }));
    expect(top.getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Northway Fleet Ltd6,000.002']);
    calls.length = 0;
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Company' }), 'Northway Fleet Ltd');
    await vi.waitFor(() => expect(statsAsked(calls).map((url) => url.searchParams.get('companyId'))).toEqual(['7', '7']));
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('7');
    calls.length = 0;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Company' }), 'All companies');
    await vi.waitFor(() => expect(statsAsked(calls)).toHaveLength(2));
    expect(statsAsked(calls).map((url) => url.searchParams.has('companyId'))).toEqual([false, false]);
  });

  it('says so when a period sold nothing, and has nothing to compare with', async () => {
    serve((from, to) => statsOf(from, to, 0, 0));
    renderPage();
    expect(await screen.findByText('No paid orders in this period.')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-revenue')).getByText('$0.00')).toBeInTheDocument();
    expect(await within(screen.getByTestId('figure-revenue')).findByText('nothing in the previous period')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Revenue and paid orders by day' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('status-pending')).getByText('2')).toBeInTheDocument();
  });
});
