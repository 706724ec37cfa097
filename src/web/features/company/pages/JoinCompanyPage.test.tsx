import { screen } from '@testing-library/react';
import type { MyCompany } from '../../../../shared/companies.js';
import { companyMessages } from '../../../../shared/companies-copy.js';
import { apiError } from '../../../test/fake-answers.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { JoinCompanyPage } from './JoinCompanyPage.js';

const joined: MyCompany = {
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
  role: 'buyer',
  spendingLimit: 500,
  members: [],
};

const renderJoin = (route: string) => renderWithProviders(<JoinCompanyPage />, { route, path: '/company/join', auth: fakeAuth({ user: customer }) });

describe('the invitation link (/company/join)', () => {
  it("joins with the link's token, says so and goes to the trade account", async () => {
    const { calls } = mockFetch((url, init) => (url === '/api/companies/join' && init.method === 'POST' ? { status: 200, body: joined } : undefined));
    const { user } = renderJoin('/company/join?token=abc123');
    expect(screen.getByRole('heading', { name: 'Join a trade account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You joined Acme Workshop')).toBeInTheDocument();
    expect(await screen.findByText('Page at /dashboard/company')).toBeInTheDocument();
    expect(calls.map((call) => [call.url, call.body])).toEqual([['/api/companies/join', { token: 'abc123' }]]);
  });

  it("shows the server's refusal (a link used, expired or for another e-mail) and stays", async () => {
    mockFetch((url) => (url === '/api/companies/join' ? apiError(400, 'invitation_invalid', companyMessages.invitationInvalid) : undefined));
    const { user } = renderJoin('/company/join?token=used');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid');
    expect(screen.getByRole('heading', { name: 'Join a trade account' })).toBeInTheDocument();
  });

  it('offers no Join without a token', () => {
    mockFetch(() => undefined);
    renderJoin('/company/join');
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation link is not valid');
  });
});
