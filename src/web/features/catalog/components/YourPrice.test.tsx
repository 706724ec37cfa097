import { screen, within } from '@testing-library/react';
import { aProduct } from '../../../test/fixtures.js';
import { renderWithProviders } from '../../../test/render.js';
import { PriceBreakTable } from './PriceBreakTable.js';
import { ProductCard } from './ProductCard.js';

// Brake Pads: public $12.50, from 50 $11.00; a trade account member pays $10.00 from the minimum (10), $9.25 from 50.
const memberPads = aProduct({
  priceBreaks: [{ minQuantity: 50, price: 11 }],
  yourPrice: 10,
  yourPriceBreaks: [{ minQuantity: 50, price: 9.25 }],
});

describe('"Your price" for a trade account member (issue 63)', () => {
  it('shows the member’s price on a card, the public price struck through, and their best tier', () => {
    renderWithProviders(<ProductCard product={memberPads} />);
    const card = within(screen.getByRole('article'));
    expect(card.getByTestId('your-price')).toHaveTextContent('Your price: $10 (per unit)');
    // The original line keeps its words, its amount struck through.
    expect(card.getByText(/^Price:/)).toHaveTextContent('Price: $12.50 (per unit)');
    expect(card.getByTestId('public-price').tagName).toBe('S');
    expect(card.getByTestId('public-price')).toHaveTextContent('$12.50');
    expect(card.getByText('from $9.25 at 50+')).toBeInTheDocument();
  });

  it('shows no "Your price" to anyone else', () => {
    renderWithProviders(<ProductCard product={aProduct({ priceBreaks: [{ minQuantity: 50, price: 11 }] })} />);
    const card = within(screen.getByRole('article'));
    expect(card.queryByText(/Your price/)).not.toBeInTheDocument();
    expect(card.queryByTestId('public-price')).not.toBeInTheDocument();
    expect(card.getByText('Price: $12.50 (per unit)')).toBeInTheDocument();
    expect(card.getByText('from $11.00 at 50+')).toBeInTheDocument();
  });

  it("puts the member's tiers in the product page's table instead of the public ones", () => {
    renderWithProviders(<PriceBreakTable product={memberPads} />);
    const table = screen.getByRole('table', { name: 'Price breaks – Your price' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['10+$10.00 each', '50+$9.25 each']);
  });
});
