import { screen } from '@testing-library/react';
import type { Order } from '../../../../shared/api.js';
import { paidOrder } from '../../../test/fixtures.js';
import { customer, fakeAuth, renderWithProviders } from '../../../test/render.js';
import { ReturnPartsLink } from './ReturnPartsLink.js';

const line = paidOrder('pi_abc123').lines[0]!;
const withLine = (shippedQuantity: number, returnedQuantity: number): Order => paidOrder('pi_abc123', { lines: [{ ...line, shippedQuantity, returnedQuantity }] });
const admin = { ...customer, _id: '1', email: 'admin@partsmith.example', role: 'admin' as const };

describe('the order page’s "Return parts"', () => {
  it('leads the buyer to the return form once a unit has shipped and not all came back', () => {
    renderWithProviders(<ReturnPartsLink order={withLine(4, 3)} />, { auth: fakeAuth({ user: customer }) });
    expect(screen.getByRole('link', { name: 'Return parts' })).toHaveAttribute('href', '/dashboard/orders/7/return');
  });

  it.each([
    ['before anything shipped', withLine(0, 0)],
    ['once every shipped unit came back', withLine(4, 4)],
  ])('is not there %s', (_when, order) => {
    renderWithProviders(<ReturnPartsLink order={order} />, { auth: fakeAuth({ user: customer }) });
    expect(screen.queryByRole('link', { name: 'Return parts' })).not.toBeInTheDocument();
  });

  it('is not offered to an admin reading a buyer’s order', () => {
    renderWithProviders(<ReturnPartsLink order={withLine(4, 0)} />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    expect(screen.queryByRole('link', { name: 'Return parts' })).not.toBeInTheDocument();
  });
});
