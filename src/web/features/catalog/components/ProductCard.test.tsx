import { screen, within } from '@testing-library/react';
import { aProduct } from '../../../test/fixtures.js';
import { renderWithProviders } from '../../../test/render.js';
import { ProductCard, ProductGrid } from './ProductCard.js';

describe('ProductCard', () => {
  it("shows the SPEC's product facts and links 'Order Now' to place-order/{id}", () => {
    renderWithProviders(<ProductCard product={aProduct({ price: 1234.5 })} />);
    const card = within(screen.getByRole('article'));
    expect(card.getByRole('heading', { level: 3, name: 'Brake Pads' })).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Brake Pads' })).toHaveAttribute('src', '/images/products/brake-pads.svg');
    expect(card.getByText('Ceramic brake pads')).toBeInTheDocument();
    expect(card.getByText('Available Items: 100 units')).toBeInTheDocument();
    expect(card.getByText('Minimum Order Quantity: 10 units')).toBeInTheDocument();
    expect(card.getByText('Price: $1,234.50 (per unit)')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Order Now: Brake Pads' })).toHaveAttribute('href', '/place-order/7');
  });

  it('loads the first row of a grid at once and the rest lazily', () => {
    renderWithProviders(<ProductGrid products={[1, 2, 3, 4].map((id) => aProduct({ _id: String(id), name: `Part ${id}` }))} />);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy']);
  });
});
