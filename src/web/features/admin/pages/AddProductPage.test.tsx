import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorMessages } from '../../../../shared/messages.js';
import { fieldMessages } from '../../../../shared/schemas.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { aProduct } from '../../../test/fixtures.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { AddProductPage } from './AddProductPage.js';

async function fill(user: ReturnType<typeof renderWithProviders>['user'], values: Record<string, string>) {
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

/** The preview of the picture typed in 'Product Image', once it shows (the field is read after a short pause). */
const preview = () => screen.findByRole('img', { name: 'Preview of the product image' });

const valid = {
  'Product Name': 'Oil Filter',
  'Product Description': 'Spin-on oil filter',
  'Price ($ per unit)': '4.75',
  'Available Stock': '500',
  'Minimum Order Quantity': '50',
  'Product Image': '/images/products/air-filter.svg',
  Category: 'Filters',
};

describe('AddProductPage', () => {
  it('has the heading and the fields of the original form (docs/legacy-contract.md#screen-text)', () => {
    mockFetch(() => undefined);
    renderWithProviders(<AddProductPage />);
    expect(screen.getByRole('heading', { name: 'Add a product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Product Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Price ($ per unit)')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Available Stock')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Minimum Order Quantity')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Product Image')).toHaveAttribute('type', 'text');
  });

  it('validates every field in the browser', async () => {
    const { calls } = mockFetch(() => undefined);
    const { user } = renderWithProviders(<AddProductPage />);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product Name is required')).toBeInTheDocument();
    expect(screen.getByText('Product Description is required')).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Available Stock is required')).toBeInTheDocument();
    expect(screen.getByText('Minimum Order Quantity is required')).toBeInTheDocument();
    // A category must be chosen; the picture may be left out (the shop's own shows).
    expect(screen.getByText('Choose a category', { selector: '.field-error' })).toBeInTheDocument();
    expect(screen.queryByText('Product Image is required')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('rejects bad numbers and a bad image link', async () => {
    mockFetch(() => undefined);
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, { ...valid, 'Price ($ per unit)': '4.999', 'Available Stock': '10', 'Minimum Order Quantity': '20', 'Product Image': 'javascript:alert(1)' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Price must be a positive amount in dollars, at most two decimals')).toBeInTheDocument();
    expect(screen.getByText('Minimum Order Quantity cannot be more than the Available Stock')).toBeInTheDocument();
    expect(screen.getByText('Product Image must be an http(s) link or a path like /images/part.svg')).toBeInTheDocument();
  });

  it('shows the server field errors', async () => {
    // The server refuses one field: its message goes under that field, and the form keeps what was typed.
    const tooLong = serverMessage(fieldMessages.tooLong, 120);
    mockFetch(() => apiError(400, 'validation', errorMessages.validationFailed, { name: tooLong }));
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, valid);
    fireEvent.load(await preview());
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Must be at most 120 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveValue('Oil Filter');
  });

  it('sends numbers, toasts and resets the form', async () => {
    const { calls } = mockFetch((url, init) =>
      url === '/api/products' && init.method === 'POST'
        ? { status: 201, body: aProduct({ _id: '99', name: 'Oil Filter', description: 'Spin-on oil filter', price: 4.75, stock: 500, min: 50 }) }
        : undefined,
    );
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, valid);
    fireEvent.load(await preview());
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('The Product Oil Filter is added successfully')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      name: 'Oil Filter',
      description: 'Spin-on oil filter',
      price: 4.75,
      stock: 500,
      min: 50,
      img: '/images/products/air-filter.svg',
      category: 'filters',
      // The new fields left as they are: no part number (the server generates one), no specs, numbers or vehicles,
      // sold by the unit, no price breaks, the shop's default reorder threshold, no shipping weight, the standard tax class,
      // no core deposit.
      specs: [],
      numbers: [],
      applications: [],
      packSize: 1,
      priceBreaks: [],
      reorderThreshold: null,
      weightGrams: 0,
      taxClass: 'standard',
      coreCharge: 0,
    });
    await waitFor(() => expect(screen.getByLabelText('Product Name')).toHaveValue(''));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Preview of the product image' })).not.toBeInTheDocument());
  });

  it('keeps the original fields in their order, then the picture upload, the part number, category, pack size, reorder threshold, shipping weight, tax class, core charge, price breaks and specs', () => {
    mockFetch(() => undefined);
    renderWithProviders(<AddProductPage />);
    const labels = [...document.querySelectorAll('form label')].map((label) => label.textContent);
    expect(labels).toEqual([
      'Product Name',
      'Product Description',
      'Price ($ per unit)',
      'Available Stock',
      'Minimum Order Quantity',
      'Product Image',
      'Upload a picture',
      'Part Number',
      'Category',
      'Pack Size',
      'Reorder Threshold',
      'Shipping Weight (g)',
      'Tax Class',
      'Core Charge ($ per unit)',
    ]);
    expect(screen.getByText('Left empty, one is generated from the category (e.g. BR-10003).')).toBeInTheDocument();
    // No category until one is chosen: the form does not pick Other Parts for the admin.
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Choose a category' })).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Wheels & Tires' })).toHaveValue('wheels-tires');
  });

  it('sends a core charge in dollars, and says what a bad one is', async () => {
    const { calls } = mockFetch((url, init) =>
      url === '/api/products' && init.method === 'POST' ? { status: 201, body: aProduct({ _id: '99', name: 'Oil Filter', coreCharge: 25 }) } : undefined,
    );
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, { ...valid, 'Core Charge ($ per unit)': '-5' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Core Charge must be an amount in dollars, 0 or more, at most two decimals (0: no core deposit)')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText('Core Charge ($ per unit)'));
    await user.type(screen.getByLabelText('Core Charge ($ per unit)'), '25.00');
    fireEvent.load(await preview());
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('The Product Oil Filter is added successfully')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ coreCharge: 25 });
  });

  it('sends the part number, the category and the spec rows', async () => {
    const { calls } = mockFetch((url, init) =>
      url === '/api/products' && init.method === 'POST' ? { status: 201, body: aProduct({ _id: '99', name: 'Oil Filter' }) } : undefined,
    );
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, { ...valid, 'Part Number': 'FL-2200' });
    await user.selectOptions(screen.getByLabelText('Category'), 'Filters');
    await user.click(screen.getByRole('button', { name: 'Add a spec' }));
    await user.click(screen.getByRole('button', { name: 'Add a spec' }));
    await user.click(screen.getByRole('button', { name: 'Add a spec' }));
    await fill(user, {
      'Name of spec 1': 'Thread',
      'Value of spec 1': 'M20 x 1.5',
      'Name of spec 2': 'Height',
      'Value of spec 2': '85 mm',
      'Name of spec 3': 'Gasket',
      'Value of spec 3': 'Nitrile',
    });
    await user.click(screen.getByRole('button', { name: 'Remove spec 2' }));
    fireEvent.load(await preview());
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('The Product Oil Filter is added successfully')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({
      sku: 'FL-2200',
      category: 'filters',
      specs: [
        { name: 'Thread', value: 'M20 x 1.5' },
        { name: 'Gasket', value: 'Nitrile' },
      ],
    });
    await waitFor(() => expect(screen.queryByLabelText('Name of spec 1')).not.toBeInTheDocument());
  });

  it('shows the shared schema\'s errors on the spec row they are about', async () => {
    const { calls } = mockFetch(() => undefined);
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, { ...valid, 'Part Number': 'FL 22;00' });
    await user.click(screen.getByRole('button', { name: 'Add a spec' }));
    await user.click(screen.getByRole('button', { name: 'Add a spec' }));
    await fill(user, { 'Value of spec 1': '12 V', 'Name of spec 2': 'Size', 'Value of spec 2': 'M8; M10' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Spec name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name of spec 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Value of spec 1')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Value of spec 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('A spec value cannot contain ";"')).toBeInTheDocument();
    expect(screen.getByText('Part Number may hold letters, digits, spaces, dots, dashes and slashes')).toBeInTheDocument();

    // The list's own rule: each name once (in any case).
    await fill(user, { 'Name of spec 1': 'size', 'Value of spec 2': 'M8', 'Part Number': '' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Each spec name once')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows a part number that is taken under Part Number', async () => {
    const taken = serverMessage(fieldMessages.skuTaken, 'FL-2200', 'Cabin Filter');
    mockFetch(() => apiError(409, 'sku_taken', taken, { sku: taken }));
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, { ...valid, 'Part Number': 'FL-2200' });
    fireEvent.load(await preview());
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Part Number FL-2200 is already used by Cabin Filter')).toBeInTheDocument();
    expect(screen.getByLabelText('Part Number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Part Number')).toHaveFocus();
    // The whole message is on the field: no second copy under the form.
    expect(screen.getAllByText('Part Number FL-2200 is already used by Cabin Filter')).toHaveLength(1);
  });

  it('fills Product Image with an uploaded picture, and previews it', async () => {
    const stored = '/uploads/0123456789abcdef-800.webp';
    mockFetch((url, init) => (url === '/api/uploads' && init.method === 'POST' ? { status: 201, body: { url: stored } } : undefined));
    const { user } = renderWithProviders(<AddProductPage />);
    await user.upload(screen.getByLabelText('Upload a picture'), new File([new Uint8Array([0xff, 0xd8])], 'pads.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByLabelText('Product Image')).toHaveValue(stored));
    expect(await preview()).toHaveAttribute('src', stored);
  });

  it('previews the picture as typed', async () => {
    mockFetch(() => undefined);
    const { user } = renderWithProviders(<AddProductPage />);
    await user.type(screen.getByLabelText('Product Image'), 'https://cdn.example.com/oil-filter.png');
    const image = await preview();
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/oil-filter.png');
    expect(screen.getByText('Loading the picture…')).toBeInTheDocument();
    fireEvent.load(image);
    expect(screen.queryByText('Loading the picture…')).not.toBeInTheDocument();
    expect(image).toBeVisible();

    // A link the form refuses anyway is not loaded at all.
    await user.clear(screen.getByLabelText('Product Image'));
    await user.type(screen.getByLabelText('Product Image'), 'javascript:alert(1)');
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Preview of the product image' })).not.toBeInTheDocument());
  });

  it('says when the picture could not be loaded, and refuses to add the product with it', async () => {
    const { calls } = mockFetch(() => undefined);
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, { ...valid, 'Product Image': 'https://cdn.example.com/gone.png' });
    const image = await preview();
    fireEvent.error(image);
    expect(await screen.findByText('The picture at this link could not be loaded.')).toBeInTheDocument();
    // No broken-image icon: the failed picture is not shown.
    expect(screen.queryByRole('img', { name: 'Preview of the product image' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product Image must be a picture that loads: this link could not be loaded.')).toBeInTheDocument();
    expect(screen.getByLabelText('Product Image')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('waits for a picture still loading before adding the product', async () => {
    const { calls } = mockFetch((url, init) =>
      url === '/api/products' && init.method === 'POST' ? { status: 201, body: aProduct({ _id: '99', name: 'Oil Filter' }) } : undefined,
    );
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, valid);
    const image = await preview();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByRole('button', { name: 'Adding…' })).toBeDisabled();
    expect(calls).toHaveLength(0);
    fireEvent.load(image);
    expect(await screen.findByText('The Product Oil Filter is added successfully')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('sends the pack size and the price breaks, as numbers, in their order', async () => {
    const { calls } = mockFetch((url, init) =>
      url === '/api/products' && init.method === 'POST' ? { status: 201, body: aProduct({ _id: '99', name: 'Oil Filter' }) } : undefined,
    );
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, { ...valid, 'Pack Size': '10' });
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Add a price break' }));
    await fill(user, {
      'From quantity of price break 1': '100',
      'Unit price ($) of price break 1': '4.25',
      'From quantity of price break 2': '250',
      'Unit price ($) of price break 2': '4',
      'From quantity of price break 3': '500',
      'Unit price ($) of price break 3': '3.80',
    });
    await user.click(screen.getByRole('button', { name: 'Remove price break 2' }));
    fireEvent.load(await preview());
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('The Product Oil Filter is added successfully')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({
      price: 4.75,
      packSize: 10,
      priceBreaks: [
        { minQuantity: 100, price: 4.25 },
        { minQuantity: 500, price: 3.8 },
      ],
    });
    await waitFor(() => expect(screen.queryByLabelText('From quantity of price break 1')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Pack Size')).toHaveValue(1);
  });

  it("shows the shared schema's price break and pack size errors, and sends nothing", async () => {
    const { calls } = mockFetch(() => undefined);
    const { user } = renderWithProviders(<AddProductPage />);
    await fill(user, { ...valid, 'Pack Size': '0' });
    await user.click(screen.getByRole('button', { name: 'Add a price break' }));
    await user.click(screen.getByRole('button', { name: 'Add a price break' }));
    await fill(user, {
      'From quantity of price break 1': '1',
      'Unit price ($) of price break 1': '4.999',
      'From quantity of price break 2': '200',
      'Unit price ($) of price break 2': '4.50',
    });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Pack Size must be a whole number of 1 or more')).toBeInTheDocument();
    expect(screen.getByText('A price break starts at a quantity of 2 or more')).toBeInTheDocument();
    expect(screen.getByLabelText('From quantity of price break 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('A price break price must be a positive amount in dollars, at most two decimals')).toBeInTheDocument();
    expect(screen.getByLabelText('Unit price ($) of price break 2')).not.toHaveAttribute('aria-invalid');

    // Each row right, but the second is dearer than the first: the list's own rule.
    await fill(user, { 'Pack Size': '1', 'From quantity of price break 1': '100', 'Unit price ($) of price break 1': '4.25' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const breaks = within(screen.getByRole('group', { name: 'Price breaks' }));
    expect(await breaks.findByText('Each price break needs a larger quantity and a lower price than the one before')).toBeInTheDocument();

    // In order, but not below the Price.
    await fill(user, { 'Unit price ($) of price break 1': '5', 'Unit price ($) of price break 2': '4.80' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await breaks.findByText('A price break must be lower than the Price')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
