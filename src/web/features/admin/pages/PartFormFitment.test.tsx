import { screen, waitFor } from '@testing-library/react';
import type { Application, Product } from '../../../../shared/api.js';
import { errorMessages } from '../../../../shared/messages.js';
import { fieldMessages } from '../../../../shared/schemas.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { aProduct } from '../../../test/fixtures.js';
import { type FakeHandler, mockFetch, renderWithProviders } from '../../../test/render.js';
import { AddProductPage } from './AddProductPage.js';
import { EditProductPage } from './EditProductPage.js';

type User = ReturnType<typeof renderWithProviders>['user'];

async function fill(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    if (input.tagName === 'SELECT') {
      await user.selectOptions(input, value);
      continue;
    }
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const corolla = { id: 11, year: 2015, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4', baseVehicleId: null, makeId: null, modelId: null, subModelId: null, engineBaseId: null };

/** The vehicle base as the selector's endpoints answer it: two years, two makes, Toyota's models, the 2015 Corolla's trims. */
const vehicleBase: FakeHandler = (url) => {
  if (url === '/api/vehicles/years') return { status: 200, body: [2016, 2015] };
  if (url === '/api/vehicles/makes') return { status: 200, body: ['Honda', 'Toyota'] };
  if (url === '/api/vehicles/models?make=Toyota') return { status: 200, body: ['Camry', 'Corolla'] };
  if (url === '/api/vehicles/models?make=Honda') return { status: 200, body: ['Civic'] };
  if (url === '/api/vehicles?year=2015&make=Toyota&model=Corolla') return { status: 200, body: [corolla, { ...corolla, id: 12, submodel: 'SE', engine: '2.0L I4' }] };
  if (url.startsWith('/api/vehicles')) return { status: 200, body: [] };
  return undefined;
};

/** The options of the datalist an input suggests from. */
const suggestions = (label: string) => [...(screen.getByLabelText(label) as HTMLInputElement).list!.options].map((option) => option.value);

const newPart = {
  'Product Name': 'Cabin Filter',
  'Product Description': 'Pollen filter',
  'Price ($ per unit)': '14.90',
  'Available Stock': '0',
  'Minimum Order Quantity': '1',
  Category: 'Filters',
};

describe('the product form: fitment and numbers', () => {
  it('adds a part with two vehicles from the base and an OE number, out of stock and without a picture, then links to its page', async () => {
    const { calls } = mockFetch((url, init) =>
      url === '/api/products' && init.method === 'POST' ? { status: 201, body: aProduct({ _id: '99', name: 'Cabin Filter', sku: 'FL-10001', stock: 0, min: 1 }) } : vehicleBase(url, init),
    );
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, newPart);
    expect(screen.getByText('No vehicles yet: buyers who filter by their vehicle will not find this part.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    await user.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    await user.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    await fill(user, { 'Year From of vehicle 1': '2015', 'Year To of vehicle 1': '2016', 'Make of vehicle 1': 'Toyota', 'Model of vehicle 1': 'Corolla' });
    // Each input suggests what the base has: the makes, the make's models, the first year's trims and engines.
    await waitFor(() => expect(suggestions('Model of vehicle 1')).toEqual(['Camry', 'Corolla']));
    expect(suggestions('Make of vehicle 1')).toEqual(['Honda', 'Toyota']);
    expect(suggestions('Year From of vehicle 1')).toEqual(['2016', '2015']);
    await waitFor(() => expect(suggestions('Trim of vehicle 1')).toEqual(['LE', 'SE']));
    expect(suggestions('Engine of vehicle 1')).toEqual(['1.8L I4', '2.0L I4']);
    await fill(user, { 'Trim of vehicle 1': 'LE', 'Position of vehicle 1': 'Front' });
    await fill(user, { 'Year From of vehicle 3': '2016', 'Year To of vehicle 3': '2016', 'Make of vehicle 3': 'Honda', 'Model of vehicle 3': 'Civic', 'Qualifier of vehicle 3': 'with air conditioning' });
    await user.click(screen.getByRole('button', { name: 'Remove vehicle 2' }));
    await user.click(screen.getByRole('button', { name: 'Add a number' }));
    await fill(user, { 'Type of number 1': 'OE number', 'Brand of number 1': 'Toyota', 'Number of number 1': '87139-02090' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('The Product Cabin Filter is added successfully')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      stock: 0,
      min: 1,
      category: 'filters',
      numbers: [{ type: 'oe', brand: 'Toyota', number: '87139-02090' }],
      applications: [
        { yearFrom: 2015, yearTo: 2016, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '', qualifier: '', position: 'Front' },
        { yearFrom: 2016, yearTo: 2016, make: 'Honda', model: 'Civic', submodel: '', engine: '', qualifier: 'with air conditioning', position: '' },
      ],
    });
    // No picture sent: the server gives the part the shop's own.
    expect(post?.body).not.toHaveProperty('img');
    expect(screen.getByRole('link', { name: 'View part' })).toHaveAttribute('href', '/parts/FL-10001');
    // The form is empty again for the next part.
    await waitFor(() => expect(screen.queryByLabelText('Make of vehicle 1')).not.toBeInTheDocument());
    expect(screen.queryByLabelText('Number of number 1')).not.toBeInTheDocument();
  });

  it("shows what is wrong on the vehicle row it is about, the form's check and the server's", async () => {
    const unknown = serverMessage(errorMessages.fitmentImport.modelUnknown, 'Toyota', 'Supra');
    const { calls } = mockFetch((url, init) =>
      url === '/api/products' && init.method === 'POST' ? apiError(400, 'validation', unknown, { 'applications.1.model': unknown }) : vehicleBase(url, init),
    );
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, newPart);
    await user.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    await user.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    await fill(user, { 'Year From of vehicle 1': '2016', 'Year To of vehicle 1': '2014', 'Model of vehicle 1': 'Corolla' });
    await fill(user, { 'Year From of vehicle 2': '2015', 'Year To of vehicle 2': '2015', 'Make of vehicle 2': 'Toyota', 'Model of vehicle 2': 'Supra' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(fieldMessages.yearsReversed)).toBeInTheDocument();
    expect(screen.getByLabelText('Year To of vehicle 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Make of vehicle 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(fieldMessages.makeRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // Fixed in the browser; the base has no Supra: the server says so under that row's model.
    await fill(user, { 'Year From of vehicle 1': '2014', 'Year To of vehicle 1': '2016', 'Make of vehicle 1': 'Toyota' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('No vehicle in our base is a Toyota Supra')).toBeInTheDocument();
    expect(screen.getByLabelText('Model of vehicle 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Model of vehicle 1')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a minimum above a stock of 1 or more, but not with a stock of 0', async () => {
    const { calls } = mockFetch(vehicleBase);
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, { ...newPart, 'Available Stock': '3', 'Minimum Order Quantity': '5' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Minimum Order Quantity cannot be more than the Available Stock')).toBeInTheDocument();
    expect(screen.getByText('0: the part is listed as out of stock and cannot be ordered until it is restocked.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('the edit form: fitment and numbers', () => {
  const route = { route: '/dashboard/edit-product/7', path: '/dashboard/edit-product/:id' };
  const fitsCorolla: Application = { yearFrom: 2014, yearTo: 2016, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', qualifier: '', position: 'Front', quantity: 2, partTypeId: 1684 };

  function shopWith(product: Product, fitment: FakeHandler) {
    return mockFetch(async (url, init) => {
      if (url === '/api/admin/products/7') return { status: 200, body: product };
      if (url === '/api/products/7/fitment') return fitment(url, init);
      if (url === '/api/products/7' && init.method === 'PATCH') return { status: 200, body: product };
      return vehicleBase(url, init);
    });
  }

  it("loads the part's vehicles and numbers, and sends the applications only when they change", async () => {
    const product = aProduct({ numbers: [{ type: 'interchange', brand: 'Bosch', number: '0 986 494 123' }] });
    const { calls } = shopWith(product, () => ({ status: 200, body: [fitsCorolla] }));
    const { user } = renderWithProviders(<EditProductPage />, route);
    expect(await screen.findByLabelText('Make of vehicle 1')).toHaveValue('Toyota');
    expect(screen.getByLabelText('Year From of vehicle 1')).toHaveValue('2014');
    expect(screen.getByLabelText('Position of vehicle 1')).toHaveValue('Front');
    expect(screen.getByLabelText('Type of number 1')).toHaveValue('interchange');
    expect(screen.getByLabelText('Number of number 1')).toHaveValue('0 986 494 123');

    // Only the price changed: neither the numbers nor the applications are sent.
    await fill(user, { 'Price ($ per unit)': '13' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ price: 13 }]));
  });

  it('replaces the applications when a vehicle is added', async () => {
    const { calls } = shopWith(aProduct(), () => ({ status: 200, body: [fitsCorolla] }));
    const { user } = renderWithProviders(<EditProductPage />, route);
    await screen.findByLabelText('Make of vehicle 1');
    await user.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    await fill(user, { 'Year From of vehicle 2': '2016', 'Year To of vehicle 2': '2016', 'Make of vehicle 2': 'Honda', 'Model of vehicle 2': 'Civic' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
        {
          applications: [
            { yearFrom: 2014, yearTo: 2016, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', qualifier: '', position: 'Front' },
            { yearFrom: 2016, yearTo: 2016, make: 'Honda', model: 'Civic', submodel: '', engine: '', qualifier: '', position: '' },
          ],
        },
      ]),
    );
  });

  it("leaves an archived part's fitment as it is (not public: 404), and still edits the rest", async () => {
    const { calls } = shopWith(aProduct({ active: false }), () => apiError(404, 'not_found', serverMessage(errorMessages.notFound, 'Product')));
    const { user } = renderWithProviders(<EditProductPage />, route);
    expect(await screen.findByText(/vehicle fitment could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a vehicle' })).not.toBeInTheDocument();
    await fill(user, { 'Product Name': 'Brake Pad Set' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ name: 'Brake Pad Set' }]));
  });
});
