import { screen, within } from '@testing-library/react';
import { fieldMessages } from '../../../../shared/schemas.js';
import type { Product } from '../../../../shared/api.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { aProduct } from '../../../test/fixtures.js';
import { mockFetch, renderWithProviders, type FakeHandler } from '../../../test/render.js';
import { EditProductPage } from './EditProductPage.js';

const route = { route: '/dashboard/edit-product/7', path: '/dashboard/edit-product/:id' };

/** The shop holding `product` (Brake Pads, id 7); a PATCH answers it with the body applied, unless `patch` answers. */
function shopWith(product: Product, patch?: FakeHandler) {
  return mockFetch(async (url, init) => {
    if (url === '/api/admin/products/7' && init.method === 'GET') return { status: 200, body: product };
    if (url === '/api/products/7/fitment' && init.method === 'GET') return { status: 200, body: [] };
    if (url === '/api/products/7' && init.method === 'PATCH') {
      return (await patch?.(url, init)) ?? { status: 200, body: { ...product, ...(JSON.parse(String(init.body)) as object) } };
    }
    return undefined;
  });
}

async function retype(user: ReturnType<typeof renderWithProviders>['user'], label: string, value: string) {
  await user.clear(await screen.findByLabelText(label));
  await user.type(screen.getByLabelText(label), value);
}

describe('EditProductPage', () => {
  it('fills the form with the product, archived or not', async () => {
    shopWith(aProduct({ active: false, specs: [{ name: 'Material', value: 'Ceramic' }] }));
    renderWithProviders(<EditProductPage />, route);
    expect(await screen.findByLabelText('Product Name')).toHaveValue('Brake Pads');
    expect(screen.getByRole('heading', { name: 'Edit product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Product Description')).toHaveValue('Ceramic brake pads');
    expect(screen.getByLabelText('Price ($ per unit)')).toHaveValue('12.50');
    expect(screen.getByLabelText('Available Stock')).toHaveValue(100);
    expect(screen.getByLabelText('Minimum Order Quantity')).toHaveValue(10);
    expect(screen.getByLabelText('Product Image')).toHaveValue('/images/products/brake-pads.svg');
    expect(screen.getByLabelText('Part Number')).toHaveValue('BR-2040');
    expect(screen.getByLabelText('Category')).toHaveValue('brakes');
    expect(screen.getByLabelText('Name of spec 1')).toHaveValue('Material');
    expect(screen.getByLabelText('Value of spec 1')).toHaveValue('Ceramic');
    expect(screen.getByText(/This product is archived/)).toBeInTheDocument();
  });

  it('sends only the fields that changed, toasts and goes back to Manage Products', async () => {
    const { calls } = shopWith(aProduct());
    const { user } = renderWithProviders(<EditProductPage />, route);
    await retype(user, 'Price ($ per unit)', '14');
    // Typed again the same: not a change.
    await retype(user, 'Product Name', 'Brake Pads');
    await user.click(screen.getByRole('button', { name: 'Remove spec 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The Product Brake Pads is saved successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ price: 14, specs: [] }]);
    expect(screen.getByText('Page at /dashboard/manage-products')).toBeInTheDocument();
  });

  it('lets the stock go to 0, below the minimum order', async () => {
    const { calls } = shopWith(aProduct());
    const { user } = renderWithProviders(<EditProductPage />, route);
    await retype(user, 'Available Stock', '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The Product Brake Pads is saved successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ stock: 0 });
  });

  it.each([
    ['4', 4],
    ['', null],
  ])("sends the reorder threshold typed ('%s'; empty: null, the shop's default)", async (typed, sent) => {
    const { calls } = shopWith(aProduct({ reorderThreshold: 25 }));
    const { user } = renderWithProviders(<EditProductPage />, route);
    expect(await screen.findByLabelText('Reorder Threshold')).toHaveValue(25);
    await user.clear(screen.getByLabelText('Reorder Threshold'));
    if (typed) await user.type(screen.getByLabelText('Reorder Threshold'), typed);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The Product Brake Pads is saved successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ reorderThreshold: sent }]);
  });

  it('refuses a reorder threshold that is not a whole number', async () => {
    const { calls } = shopWith(aProduct());
    const { user } = renderWithProviders(<EditProductPage />, route);
    expect(await screen.findByLabelText('Reorder Threshold')).toHaveValue(null);
    await retype(user, 'Reorder Threshold', '2.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText("Reorder Threshold must be a whole number of 0 or more, or empty for the shop's default")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('says there is nothing to change, and sends nothing, when nothing changed', async () => {
    const { calls } = shopWith(aProduct());
    const { user } = renderWithProviders(<EditProductPage />, route);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to change')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('shows a part number that is taken on the Part Number field', async () => {
    const taken = serverMessage(fieldMessages.skuTaken, 'BR-1000', 'Brake Discs');
    shopWith(aProduct(), () => apiError(409, 'sku_taken', taken, { sku: taken }));
    const { user } = renderWithProviders(<EditProductPage />, route);
    await retype(user, 'Part Number', 'BR-1000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const field = screen.getByLabelText('Part Number');
    expect(await screen.findByText('Part Number BR-1000 is already used by Brake Discs')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('BR-1000');
    expect(screen.queryByText(/Page at/)).not.toBeInTheDocument();
  });

  it("shows the server's spec errors on their row", async () => {
    const repeated = fieldMessages.specNamesRepeat;
    const tooLong = serverMessage(fieldMessages.tooLong, 200);
    shopWith(aProduct(), () => apiError(400, 'validation', tooLong, { 'specs.0.value': tooLong, specs: repeated }));
    const { user } = renderWithProviders(<EditProductPage />, route);
    await retype(user, 'Value of spec 1', 'Semi-metallic');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Value of spec 1')).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByRole('group', { name: 'Specs' })).getByText('Each spec name once')).toBeInTheDocument();
  });

  it('shows the pack size and the price breaks, and sends them only when they changed', async () => {
    const tiered = aProduct({ packSize: 5, priceBreaks: [{ minQuantity: 50, price: 11 }, { minQuantity: 100, price: 10.5 }] });
    const { calls } = shopWith(tiered);
    const { user } = renderWithProviders(<EditProductPage />, route);
    expect(await screen.findByLabelText('Pack Size')).toHaveValue(5);
    expect(screen.getByLabelText('From quantity of price break 1')).toHaveValue(50);
    expect(screen.getByLabelText('Unit price ($) of price break 1')).toHaveValue('11.00');
    expect(screen.getByLabelText('Unit price ($) of price break 2')).toHaveValue('10.50');

    // The price alone: the tiers, untouched, are not sent back.
    await retype(user, 'Price ($ per unit)', '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The Product Brake Pads is saved successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ price: 12 }]);
  });

  it('sends the whole list of price breaks when one changed, and the pack size', async () => {
    const { calls } = shopWith(aProduct({ priceBreaks: [{ minQuantity: 50, price: 11 }] }));
    const { user } = renderWithProviders(<EditProductPage />, route);
    await retype(user, 'Unit price ($) of price break 1', '10.75');
    await user.click(screen.getByRole('button', { name: 'Add a price break' }));
    await retype(user, 'From quantity of price break 2', '200');
    await retype(user, 'Unit price ($) of price break 2', '9.90');
    await retype(user, 'Pack Size', '10');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The Product Brake Pads is saved successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      {
        packSize: 10,
        priceBreaks: [
          { minQuantity: 50, price: 10.75 },
          { minQuantity: 200, price: 9.9 },
        ],
      },
    ]);
  });

  it("shows the server's refusal of the price breaks under them", async () => {
    const below = fieldMessages.priceBreakBelowPrice;
    shopWith(aProduct({ priceBreaks: [{ minQuantity: 50, price: 11 }] }), () => apiError(400, 'validation', below, { priceBreaks: below }));
    const { user } = renderWithProviders(<EditProductPage />, route);
    await retype(user, 'Price ($ per unit)', '11.50');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(screen.getByRole('group', { name: 'Price breaks' })).findByText('A price break must be lower than the Price')).toBeInTheDocument();
    expect(screen.queryByText(/Page at/)).not.toBeInTheDocument();
  });
});
