import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkoutMessages } from '../../../../shared/messages.js';
import { serverMessage } from '../../../test/fake-answers.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { ShippingPage } from './ShippingPage.js';
import { TaxPage } from './TaxPage.js';

const SHIPPING = {
  zones: [{ id: 'us', name: 'Contiguous US', countries: ['US'] }],
  methods: [{ id: 'ground', zoneId: 'us', name: 'Ground', kind: 'weight', bands: [{ upToGrams: 1000, price: 8 }, { upToGrams: 5000, price: 11 }], minDays: 3, maxDays: 6 }],
};
const TAX = { rates: [{ id: 'us-vt', name: 'Vermont sales tax', country: 'US', region: 'VT', taxClass: 'standard', rate: 6, shipping: true }] };

function shop(onPut?: (url: string, body: unknown) => { status: number; body: unknown }) {
  return mockFetch((url, init) => {
    if (init.method === 'PUT' && onPut) return onPut(url, JSON.parse(String(init.body)));
    if (url === '/api/admin/shipping') return { status: 200, body: SHIPPING };
    if (url === '/api/admin/tax') return { status: 200, body: TAX };
    return undefined;
  });
}

const editor = () => screen.findByLabelText('The set as JSON');

describe('ShippingPage', () => {
  it('previews a 3 kg order to 05401, US-VT by the saved zones and rates', async () => {
    shop();
    renderWithProviders(<ShippingPage />);
    expect(await screen.findByText('A 3 kg order to 05401, US-VT: Ground $11.00, tax $0.66')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Weight (kg)'));
    await userEvent.type(screen.getByLabelText('Weight (kg)'), '1');
    expect(await screen.findByText('A 1 kg order to 05401, US-VT: Ground $8.00, tax $0.48')).toBeInTheDocument();
  });

  it('names the bad entry as it is typed and sends nothing while there is one', async () => {
    const { calls } = shop();
    renderWithProviders(<ShippingPage />);
    const text = await editor();
    fireEvent.change(text, { target: { value: JSON.stringify({ ...SHIPPING, methods: [{ ...SHIPPING.methods[0], zoneId: 'mars' }] }) } });
    expect(await screen.findByText('methods.0.zoneId: No zone has the id mars')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it("sends the set whole and lists the server's problems by entry", async () => {
    const sent: unknown[] = [];
    shop((url, body) => {
      sent.push([url, body]);
      const message = serverMessage(checkoutMessages.zoneUnknown, 'x');
      return { status: 400, body: { error: { code: 'validation', message, fields: { 'methods.0.zoneId': message } } } };
    });
    renderWithProviders(<ShippingPage />);
    await editor();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([['/api/admin/shipping', SHIPPING]]));
    await waitFor(() => expect(document.body.textContent).toContain('methods.0.zoneId: No zone has the id x'));
  });
});

describe('TaxPage', () => {
  it('previews with the rates being edited', async () => {
    shop();
    renderWithProviders(<TaxPage />);
    const text = await editor();
    fireEvent.change(text, { target: { value: JSON.stringify({ rates: [{ ...TAX.rates[0], rate: 10 }] }) } });
    expect(await screen.findByText('A 3 kg order to 05401, US-VT: Ground $11.00, tax $1.10')).toBeInTheDocument();
  });
});
