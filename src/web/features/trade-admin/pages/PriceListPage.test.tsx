import { fireEvent, screen, within } from '@testing-library/react';
import type { PriceList } from '../../../../shared/companies.js';
import { companyMessages } from '../../../../shared/companies-copy.js';
import { priceListMessages } from '../../../../shared/price-lists-copy.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { aProduct } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { EditPriceListPage, NewPriceListPage } from './PriceListPage.js';

const admin = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' as const };
const auth = fakeAuth({ user: admin, isAdmin: true });

const brakePads = aProduct({ _id: '7', sku: 'BR-1507', name: 'Brake Pad Set' });
const stored: PriceList = {
  id: 'garages',
  name: 'Garages',
  discountPercent: 12.5,
  prices: [{ productId: 7, sku: 'BR-1507', name: 'Brake Pad Set', price: 40, minQuantity: 10 }],
  validFrom: '2030-01-01',
  validTo: null,
  companyCount: 0,
  updatedAt: '2030-01-01T00:00:00.000Z',
};

/** The server: part numbers resolve to Brake Pads (BR-1507, any spelling of it), a PUT stores the list, a CSV import is refused with two row errors. */
function serve() {
  return mockFetch((url, init) => {
    const { pathname } = new URL(url, 'http://shop.test');
    const method = init.method ?? 'GET';
    if (pathname === '/api/parts/resolve' && method === 'POST') {
      const { numbers } = JSON.parse(String(init.body)) as { numbers: string[] };
      return {
        status: 200,
        body: numbers.map((number) => {
          const found = number.replace(/[\s-]/g, '').toUpperCase() === 'BR1507';
          return { number, product: found ? brakePads : null, matchedAs: found ? 'sku' : null, suggestions: [] };
        }),
      };
    }
    const id = /^\/api\/admin\/price-lists\/([a-z0-9-]+)$/.exec(pathname)?.[1];
    if (id && method === 'GET') return { status: 200, body: stored };
    if (id && method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { name: string; discountPercent: number; validFrom: string | null; validTo: string | null; prices: { productId: number; price: number; minQuantity: number }[] };
      const prices = body.prices.map((price) => ({ ...price, sku: 'BR-1507', name: 'Brake Pad Set' }));
      return { status: 200, body: { ...stored, ...body, id, prices, updatedAt: '2030-02-01T00:00:00.000Z' } };
    }
    if (pathname === '/api/admin/price-lists/garages/prices.csv' && method === 'PUT') {
      const problem = serverMessage(priceListMessages.csvRow, 2, serverMessage(priceListMessages.csvUnknownSku, 'ZZ-1'));
      return apiError(400, 'validation', problem, { 'row 2': problem });
    }
    return undefined;
  });
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const numberField = (name: string, row?: number) =>
  (row === undefined ? screen.getByRole('spinbutton', { name }) : within(screen.getByTestId(`price-row-${row}`)).getByRole('spinbutton', { name })) as HTMLInputElement;

describe('the price list form', { timeout: 20_000 }, () => {
  it("shows the shared schema's messages under their inputs and sends nothing", async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<NewPriceListPage />, { auth });
    expect(screen.getByRole('heading', { name: 'New price list' })).toBeInTheDocument();
    await user.type(field('Id'), 'Garages!');
    await user.clear(numberField('Discount (%)'));
    await user.type(numberField('Discount (%)'), '150');
    fireEvent.change(screen.getByLabelText('Valid from'), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText('Valid to'), { target: { value: '2030-05-31' } });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    const second = within(screen.getByTestId('price-row-1'));
    await user.type(within(screen.getByTestId('price-row-0')).getByRole('textbox', { name: 'Part number' }), 'BR-1507');
    await user.type(numberField('Price', 0), '40');
    await user.type(second.getByRole('textbox', { name: 'Part number' }), 'br 1507');
    await user.type(numberField('Price', 1), '0');
    await user.click(screen.getByRole('button', { name: 'Save price list' }));

    expect(await screen.findByText(companyMessages.priceListIdInvalid)).toBeInTheDocument();
    expect(screen.getByText(companyMessages.priceListNameRequired)).toBeInTheDocument();
    expect(screen.getByText(companyMessages.discountInvalid)).toBeInTheDocument();
    expect(second.getByText(companyMessages.priceInvalid)).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');

    // Each field right, the list's own rules: the dates in order, and the second row is the same part from the same quantity (1).
    await user.clear(field('Id'));
    await user.type(field('Id'), 'garages');
    await user.type(field('Name'), 'Garages');
    await user.clear(numberField('Discount (%)'));
    await user.type(numberField('Discount (%)'), '10');
    await user.clear(numberField('Price', 1));
    await user.type(numberField('Price', 1), '35');
    await user.click(screen.getByRole('button', { name: 'Save price list' }));
    expect(await screen.findByText(companyMessages.validToBeforeFrom)).toBeInTheDocument();
    expect(second.getByText(companyMessages.priceRepeated)).toBeInTheDocument();
    expect(screen.queryByText(companyMessages.discountInvalid)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove fixed price 2' }));
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.click(screen.getByRole('button', { name: 'Save price list' }));
    expect(await within(screen.getByTestId('price-row-1')).findByText('Part number is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('saves a new list: part numbers looked up, the list PUT whole under its id, the toast', async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<NewPriceListPage />, { auth });
    await user.type(field('Id'), 'garages');
    await user.type(field('Name'), 'Garages');
    await user.clear(numberField('Discount (%)'));
    await user.type(numberField('Discount (%)'), '12.5');
    fireEvent.change(screen.getByLabelText('Valid from'), { target: { value: '2030-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.type(screen.getByRole('textbox', { name: 'Part number' }), 'br 1507');
    await user.type(numberField('Price', 0), '40');
    await user.clear(numberField('Min. quantity', 0));
    await user.type(numberField('Min. quantity', 0), '10');
    await user.click(screen.getByRole('button', { name: 'Save price list' }));

    expect(await screen.findByText('Price list saved')).toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/parts/resolve', { numbers: ['br 1507'] }],
      ['PUT', '/api/admin/price-lists/garages', { name: 'Garages', discountPercent: 12.5, validFrom: '2030-01-01', validTo: null, prices: [{ productId: 7, price: 40, minQuantity: 10 }] }],
    ]);
  });

  it('marks a part number the shop does not know on its row, and saves nothing', async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<NewPriceListPage />, { auth });
    await user.type(field('Id'), 'fleets');
    await user.type(field('Name'), 'Fleets');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.type(screen.getByRole('textbox', { name: 'Part number' }), 'XX-0000');
    await user.type(numberField('Price', 0), '5');
    await user.click(screen.getByRole('button', { name: 'Save price list' }));
    expect(await within(screen.getByTestId('price-row-0')).findByText('No part with this number')).toBeInTheDocument();
    expect(calls.map((call) => call.method)).toEqual(['POST']);
  });

  it("edits a stored list (its id fixed) and shows the row a refused CSV file fails on", async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<EditPriceListPage />, { auth, route: '/dashboard/price-lists/garages', path: '/dashboard/price-lists/:id' });
    expect(await screen.findByRole('heading', { name: 'Edit price list Garages' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Id' })).not.toBeInTheDocument();
    expect(field('Name')).toHaveValue('Garages');
    expect(numberField('Discount (%)')).toHaveValue(12.5);
    expect(within(screen.getByTestId('price-row-0')).getByRole('textbox', { name: 'Part number' })).toHaveValue('BR-1507');
    expect(numberField('Min. quantity', 0)).toHaveValue(10);

    const file = new File(['sku,price,minQuantity\nZZ-1,5,1\nBR-1507,-1,1\n'], 'prices.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Import CSV'), file);
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Nothing was imported: the file has these problems');
    expect(within(refused).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Row 2: there is no part with number ZZ-1']);
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ method: 'PUT', url: '/api/admin/price-lists/garages/prices.csv', body: 'sku,price,minQuantity\nZZ-1,5,1\nBR-1507,-1,1\n' });
  });
});
