import { render, screen, within } from '@testing-library/react';
import type { PartsResolved, Product } from '../../../../shared/api.js';
import { aProduct } from '../../../test/fixtures.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { readCart } from '../../../lib/cart-store.js';
import { CartChoiceDialog } from '../../cart/components/CartChoiceDialog.js';
import { QuickOrderPage } from './QuickOrderPage.js';

const brakePads = aProduct(); // BR-2040, OE 04465-02220, 10 to 100 units at $12.50
const sparkPlugs = aProduct({
  _id: '8',
  name: 'Spark Plugs',
  sku: 'EN-3001',
  min: 4,
  stock: 1000,
  price: 3,
  packSize: 4,
  priceBreaks: [{ minQuantity: 40, price: 2.5 }],
  numbers: [],
});
const wipers = aProduct({ _id: '9', name: 'Wiper Blades', sku: 'WP-1', min: 10, stock: 50, numbers: [] });

/** The shop's parts by every number they carry (normalised as the server does it, roughly). */
const CATALOG: Record<string, { product: Product; matchedAs: 'sku' | 'oe' }> = {
  'BR-2040': { product: brakePads, matchedAs: 'sku' },
  '04465-02220': { product: brakePads, matchedAs: 'oe' },
  'EN-3001': { product: sparkPlugs, matchedAs: 'sku' },
  'WP-1': { product: wipers, matchedAs: 'sku' },
};

/** What the server offers for a number nothing matched. */
const SUGGESTED: Record<string, PartsResolved[number]['suggestions']> = {
  'BR-2004': [
    { number: 'BR-2040', matchedAs: 'sku', sku: 'BR-2040', name: 'Brake Pads' },
    { number: '04465-02220', matchedAs: 'oe', sku: 'BR-2040', name: 'Brake Pads' },
  ],
};

/** POST /api/parts/resolve answered from CATALOG, in the order of the numbers sent. */
function shop() {
  return mockFetch((url, init) => {
    if (url !== '/api/parts/resolve' || init.method !== 'POST') return undefined;
    const { numbers } = JSON.parse(String(init.body)) as { numbers: string[] };
    const body: PartsResolved = numbers.map((number) => ({
      number,
      product: CATALOG[number]?.product ?? null,
      matchedAs: CATALOG[number]?.matchedAs ?? null,
      suggestions: CATALOG[number] ? [] : (SUGGESTED[number] ?? []),
    }));
    return { status: 200, body };
  });
}

const cells = (line: number) => within(screen.getByTestId(`line-${line}`)).getAllByRole('cell').map((cell) => cell.textContent);

async function paste(user: ReturnType<typeof renderWithProviders>['user'], text: string) {
  await user.click(screen.getByLabelText('Parts and quantities'));
  await user.paste(text);
}

describe('QuickOrderPage', () => {
  it("prices a trade account member's lines at their own prices, under Your price, the public ones struck through (issue 63)", async () => {
    // Spark plugs for a member: $2.75 from the minimum, $2.20 from 40 (public: $3.00, $2.50 from 40).
    const memberPlugs = { ...sparkPlugs, yourPrice: 2.75, yourPriceBreaks: [{ minQuantity: 40, price: 2.2 }] };
    mockFetch((url) => (url === '/api/parts/resolve' ? { status: 200, body: [{ number: 'EN-3001', product: memberPlugs, matchedAs: 'sku', suggestions: [] }] } : undefined));
    const { user } = renderWithProviders(<QuickOrderPage />);
    await paste(user, 'EN-3001 40');
    await user.click(screen.getByRole('button', { name: 'Check parts' }));
    await screen.findByText('1 part ready to add.');
    const line = within(screen.getByTestId('line-1'));
    expect(line.getByTestId('your-price-label')).toHaveTextContent('Your price');
    expect(line.getByTestId('list-price').tagName).toBe('S');
    // 40 × $2.20 = $88.00.
    expect(cells(1)).toEqual(['1', 'EN-3001', 'Spark PlugsEN-3001', '40', 'Your price$2.50 $2.20', '$88.00']);
  });

  it('checks pasted lines: each part with its tier price, unknown numbers, quantity problems and the same part twice merged', async () => {
    const { calls } = shop();
    const { user } = renderWithProviders(<QuickOrderPage />);
    await paste(user, 'part number;quantity\n04465-02220, 20\nBR-2040 30\nEN-3001\t40\nNOPE-1 5\n\nWP-1 3\nEN-3001 lots');
    await user.click(screen.getByRole('button', { name: 'Check parts' }));

    expect(await screen.findByText('2 parts ready to add, 3 lines to fix.')).toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/parts/resolve', { numbers: ['04465-02220', 'BR-2040', 'EN-3001', 'NOPE-1', 'WP-1'] }],
    ]);
    const table = within(screen.getByRole('region', { name: 'Checked parts' }));
    expect(table.getAllByRole('row')).toHaveLength(1 + 5);
    // The OE number leads to Brake Pads; line 3 is the same part: one row, 50 units.
    expect(cells(2)).toEqual([
      '2',
      '04465-02220',
      'Brake PadsBR-2040matched OE number 04465-02220Also on line 3: quantities added',
      '50',
      '$12.50',
      '$625.00',
    ]);
    expect(screen.queryByTestId('line-3')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('line-2')).getByRole('link', { name: 'Brake Pads' })).toHaveAttribute('href', '/parts/BR-2040');
    // 40 spark plugs reach the $2.50 tier.
    expect(cells(4)).toEqual(['4', 'EN-3001', 'Spark PlugsEN-3001', '40', '$2.50', '$100.00']);
    expect(cells(5)).toEqual(['5', 'NOPE-1', 'No part for sale has the number NOPE-1', '5', '', '']);
    expect(cells(7)).toEqual(['7', 'WP-1', 'Wiper BladesWP-1Quantity Must be 10 or higher', '3', '', '']);
    expect(cells(8)).toEqual(['8', 'EN-3001 lots', 'Quantity must be a whole number', '', '', '']);

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('2 lines added to the cart')).toBeInTheDocument();
    expect(readCart()).toEqual([
      { productId: '7', quantity: 50 },
      { productId: '8', quantity: 40 },
    ]);
    // The lines to fix stay, in the box and in the table, numbered as the box now has them.
    expect(screen.getByLabelText('Parts and quantities')).toHaveValue('NOPE-1 5\nWP-1 3\nEN-3001 lots');
    expect(screen.getByText('The lines below still need fixing: correct them and check again.')).toBeInTheDocument();
    expect(cells(2)).toEqual(['2', 'WP-1', 'Wiper BladesWP-1Quantity Must be 10 or higher', '3', '', '']);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('adds every line to the cart and goes to the cart when none needs fixing; a part already there waits for Replace or Add', async () => {
    shop();
    localStorage.setItem('partsmith:cart', JSON.stringify([{ productId: '8', quantity: 4 }]));
    const { user } = renderWithProviders(<QuickOrderPage />);
    // The layout's, on every page: it stays when the page goes to the cart.
    render(<CartChoiceDialog />);
    await paste(user, 'EN-3001 8\nBR-2040 10');
    await user.click(screen.getByRole('button', { name: 'Check parts' }));
    expect(await screen.findByText('2 parts ready to add.')).toBeInTheDocument();
    expect(cells(1)).toEqual(['1', 'EN-3001', 'Spark PlugsEN-3001', '8', '$3.00', '$24.00']);

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Page at /cart')).toBeInTheDocument();
    expect(screen.getByText('1 line added to the cart')).toBeInTheDocument();
    expect(readCart()).toEqual([
      { productId: '8', quantity: 4 },
      { productId: '7', quantity: 10 },
    ]);
    const asked = screen.getByRole('dialog', { name: 'Already in your cart' });
    expect(within(asked).getByText('Spark Plugs: 4 in your cart, 8 being added')).toBeInTheDocument();
    await user.click(within(asked).getByRole('button', { name: 'Add: 12' }));
    expect(readCart()).toEqual([
      { productId: '8', quantity: 12 },
      { productId: '7', quantity: 10 },
    ]);
    expect(await screen.findByText('Spark Plugs: now 12 (was 4)')).toBeInTheDocument();
  });

  it('reads an uploaded CSV file, header and all, and checks it at once', async () => {
    const { calls } = shop();
    const { user } = renderWithProviders(<QuickOrderPage />);
    const csv = new File(['\uFEFFsku,quantity\r\nEN-3001,42\r\nWP-1,20\r\n'], 'order.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Or upload a CSV file'), csv);

    expect(await screen.findByText('1 part ready to add, 1 line to fix.')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([{ numbers: ['EN-3001', 'WP-1'] }]);
    // The file is in the box, to fix and check again.
    expect((screen.getByLabelText('Parts and quantities') as HTMLTextAreaElement).value.split(/\r?\n/)).toEqual([
      'sku,quantity',
      'EN-3001,42',
      'WP-1,20',
      '',
    ]);
    expect(cells(2)).toEqual(['2', 'EN-3001', 'Spark PlugsEN-3001Quantity must be a multiple of 4', '42', '', '']);
    expect(cells(3)).toEqual(['3', 'WP-1', 'Wiper BladesWP-1', '20', '$12.50', '$250.00']);
  });

  it('moves to the checked parts, and offers the closest numbers for one that no part has', async () => {
    shop();
    const { user } = renderWithProviders(<QuickOrderPage />);
    await paste(user, 'BR-2004 20');
    await user.click(screen.getByRole('button', { name: 'Check parts' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Checked parts' })).toHaveFocus();
    const line = within(screen.getByTestId('line-1'));
    expect(line.getByText('No part for sale has the number BR-2004')).toBeInTheDocument();
    expect(line.getByTestId('did-you-mean')).toHaveTextContent('Did you mean BR-2040 (Brake Pads) or 04465-02220: Brake Pads (BR-2040)?');
    expect(line.getByRole('link', { name: 'BR-2040 (Brake Pads)' })).toHaveAttribute('href', '/parts/BR-2040');
  });

  it('asks for a line when there is none, and checks again only after an edit', async () => {
    const { calls } = shop();
    const { user } = renderWithProviders(<QuickOrderPage />);
    await user.click(screen.getByRole('button', { name: 'Check parts' }));
    expect(await screen.findByText('Type or paste at least one part number and its quantity.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await paste(user, 'BR-2040');
    expect(screen.queryByText('Type or paste at least one part number and its quantity.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check parts' }));
    // No number to look up: the shop is not asked.
    expect(await screen.findByText('0 parts ready to add, 1 line to fix.')).toBeInTheDocument();
    expect(cells(1)).toEqual(['1', 'BR-2040', 'Quantity is required', '', '', '']);
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Parts and quantities'), ' 10');
    expect(screen.queryByRole('region', { name: 'Checked parts' })).not.toBeInTheDocument();
  });
});
