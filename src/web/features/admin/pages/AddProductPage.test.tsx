import { fireEvent, screen, waitFor } from '@testing-library/react';
import { errorMessages } from '../../../../shared/messages.js';
import { fieldMessages } from '../../../../shared/schemas.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { aProduct } from '../../../test/fixtures.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { AddProductPage } from './AddProductPage.js';

async function fill(user: ReturnType<typeof renderWithProviders>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
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
};

describe('AddProductPage', () => {
  it('has the heading and the fields of the SPEC', () => {
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
    expect(screen.getByText('Product Image is required')).toBeInTheDocument();
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
    });
    await waitFor(() => expect(screen.getByLabelText('Product Name')).toHaveValue(''));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Preview of the product image' })).not.toBeInTheDocument());
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
});
