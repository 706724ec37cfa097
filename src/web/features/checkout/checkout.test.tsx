import { screen, waitFor, within } from '@testing-library/react';
import { checkoutAnswer, savedAddress } from '../../test/fake-checkout.js';
import { mockFetch, renderWithProviders } from '../../test/render.js';
import { ShippingEstimate } from './components/ShippingEstimate.js';
import { AddressBookPage } from './pages/AddressBookPage.js';

const other = { ...savedAddress, id: 12, name: 'Pat Parts', company: '', line1: '9 Elm Rd', city: 'Springfield', region: 'IL', postalCode: '62701', isDefault: false };

describe('ShippingEstimate (visitors)', () => {
  it('prices the parts to a country, state and postal code: the methods, the cheapest, tax and total', async () => {
    const { calls } = mockFetch((url, init) => checkoutAnswer(url, init));
    const { user } = renderWithProviders(<ShippingEstimate lines={[{ productId: '7', quantity: 3 }]} what="3 × Brake Pads" />);
    await user.selectOptions(screen.getByLabelText('State or region'), 'VT');
    await user.type(screen.getByLabelText('Postal code'), '05401');
    // 3 × $12.50 = $37.50; Ground $11.00; 6 % of $48.50 = $2.91; total $51.41.
    expect(await screen.findByText('Cheapest shipping: $11.00')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Shipping methods' })).toHaveTextContent('Express: $32.00, 1–2 business days');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('$51.41');
    expect(calls.filter((call) => call.url === '/api/checkout/quote').map((call) => call.body)).toEqual([
      { lines: [{ productId: '7', quantity: 3 }], shippingAddress: { country: 'US', region: 'VT', postalCode: '05401' } },
    ]);
  });
});

describe('AddressBookPage', () => {
  it('lists the addresses, adds one, makes another the default and deletes one', async () => {
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/addresses' && init.method === 'POST') return { status: 201, body: { ...other, id: 13, name: 'New Dock' } };
      if (url === '/api/addresses/12' && init.method === 'PATCH') return { status: 200, body: { ...other, isDefault: true } };
      if (url === '/api/addresses/12' && init.method === 'DELETE') return { status: 204 };
      return checkoutAnswer(url, init, { addresses: [savedAddress, other] });
    });
    const { user } = renderWithProviders(<AddressBookPage />);
    expect(await screen.findByText('Dock 4, 1 Main St, Burlington, VT 05401, US')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make the address of Casey Customer the default' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make the address of Pat Parts the default' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isDefault: true }));
    await user.click(screen.getByRole('button', { name: 'Delete the address of Pat Parts' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/addresses/12')).toBe(true));

    const form = screen.getByRole('form', { name: 'Add an address' });
    await user.type(within(form).getByLabelText('Recipient name'), 'New Dock');
    await user.type(within(form).getByLabelText('Street and number'), '2 Pier Rd');
    await user.type(within(form).getByLabelText('City'), 'Springfield');
    await user.selectOptions(within(form).getByLabelText('State or region'), 'IL');
    await user.type(within(form).getByLabelText('Postal code'), '62701');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'New Dock', company: '', line1: '2 Pier Rd', line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US', phone: '',
    });
  });
});
