import { fireEvent, screen, within } from '@testing-library/react';
import { corollaLe } from '../../../test/fake-vehicles.js';
import { aProduct } from '../../../test/fixtures.js';
import { FitLine } from '../../fitment/components/FitLine.js';
import { renderWithProviders } from '../../../test/render.js';
import { readCart } from '../../../lib/cart-store.js';
import { ProductCard, ProductGrid } from './ProductCard.js';

describe('ProductCard', () => {
  it("shows the original product card's facts (docs/legacy-contract.md#screen-text) and links 'Order Now' to place-order/{id}", () => {
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

  it("shows the part number and category, and leads from its picture and name to the part's own page", () => {
    renderWithProviders(<ProductCard product={aProduct({ sku: 'BL-1507/2 A' })} />);
    const card = within(screen.getByRole('article'));
    expect(card.getByText('Part number:').nextElementSibling).toHaveTextContent('BL-1507/2 A');
    expect(card.getByText('Category:').nextElementSibling).toHaveTextContent('Brakes');
    // A card's category is text: its links are the part's page and 'Order Now'.
    const links = card.getAllByRole('link').map((link) => [link.textContent || link.querySelector('img')?.alt, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Brake Pads', '/parts/BL-1507%2F2%20A'],
      ['Brake Pads', '/parts/BL-1507%2F2%20A'],
      ['Order Now', '/place-order/7'],
    ]);
    // The name is the keyboard's way there; the picture is one more place to click, not one more tab stop.
    expect(card.getByRole('heading', { name: 'Brake Pads' }).querySelector('a')).not.toHaveAttribute('tabindex');
    expect(card.getByRole('img', { name: 'Brake Pads' }).closest('a')).toHaveAttribute('tabindex', '-1');
  });

  it('shows the core deposit of a remanufactured part under its price, and none on a part without one', () => {
    renderWithProviders(<ProductGrid products={[aProduct({ name: 'Alternator', coreCharge: 25 }), aProduct({ _id: '8', name: 'Tire' })]} />);
    const [alternator, tire] = screen.getAllByRole('article').map((article) => within(article));
    expect(alternator!.getByText('Core deposit, refundable: $25.00')).toBeInTheDocument();
    expect(tire!.queryByText(/^Core deposit/)).not.toBeInTheDocument();
  });

  it('loads the first row of a grid at once and the rest lazily', () => {
    renderWithProviders(<ProductGrid products={[1, 2, 3, 4].map((id) => aProduct({ _id: String(id), name: `Part ${id}` }))} />);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy']);
  });

  it("shows the shop's own picture, never a broken image, when a product's picture fails to load", () => {
    renderWithProviders(<ProductGrid products={[aProduct({ img: 'https://images.example.com/gone.png' }), aProduct({ _id: '8', name: 'Tire' })]} />);
    const [gone, fine] = screen.getAllByRole('img');
    fireEvent.error(gone!);
    expect(gone).toHaveAttribute('src', '/images/product-fallback.svg');
    expect(gone).toHaveAccessibleName('Brake Pads');
    // Should the fallback itself fail, it stays: no loop of error events.
    fireEvent.error(gone!);
    expect(gone).toHaveAttribute('src', '/images/product-fallback.svg');
    expect(fine).toHaveAttribute('src', '/images/products/brake-pads.svg');
  });

  it.each([
    ['under its minimum order', { min: 50, stock: 30 }],
    ['with none left', { min: 1, stock: 0 }],
  ])('says plainly that a product %s is out of stock, and cannot be ordered', (_, bounds) => {
    renderWithProviders(<ProductCard product={aProduct(bounds)} />);
    const card = within(screen.getByRole('article'));
    expect(card.getByTestId('out-of-stock')).toHaveTextContent(
      `Out of stock. Fewer than the minimum order of ${bounds.min} units are left, so this part cannot be ordered right now.`,
    );
    expect(card.queryByRole('link', { name: /Order Now/ })).not.toBeInTheDocument();
    const button = card.getByRole('button', { name: 'Order Now: Brake Pads' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/^Out of stock\./);
    expect(card.getByRole('button', { name: 'Add to cart: Brake Pads' })).toBeDisabled();
  });

  it('offers an order when the stock is exactly the minimum', () => {
    renderWithProviders(<ProductCard product={aProduct({ min: 50, stock: 50 })} />);
    expect(screen.getByRole('link', { name: 'Order Now: Brake Pads' })).toHaveAttribute('href', '/place-order/7');
    expect(screen.queryByTestId('out-of-stock')).not.toBeInTheDocument();
  });

  it('names the products at the level its grid asks for (h2 right under a page heading)', () => {
    renderWithProviders(<ProductGrid products={[aProduct()]} heading="h2" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Brake Pads' })).toBeInTheDocument();
  });

  it('says on each card whether the part fits the vehicle asked about, in words and a mark, above its order button', () => {
    const fitting = aProduct({ fitment: { fits: true, qualifier: 'with xenon headlights', position: 'Front Left' } });
    const notFitting = aProduct({ _id: '8', name: 'Tire', fitment: { fits: false, qualifier: '', position: '' } });
    renderWithProviders(
      <ProductGrid
        products={[fitting, notFitting, aProduct({ _id: '9', name: 'Wiper' })]}
        more={({ fitment }) => fitment && <FitLine fits={fitment.fits} vehicle={corollaLe} notes={[fitment]} />}
      />,
    );
    const [first, second, third] = screen.getAllByRole('article');
    expect(within(first!).getByTestId('fit')).toHaveTextContent('✓Fits your 2015 Toyota Corolla — with xenon headlights, front left');
    expect(within(second!).getByTestId('fit')).toHaveTextContent(/^✕Does not fit your 2015 Toyota Corolla$/);
    expect(within(third!).queryByTestId('fit')).not.toBeInTheDocument();
    const order = within(first!).getByRole('link', { name: 'Order Now: Brake Pads' });
    expect(within(first!).getByTestId('fit').compareDocumentPosition(order) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says the lowest price a price break reaches and the pack size, under the price', () => {
    const bulk = aProduct({ packSize: 24, priceBreaks: [{ minQuantity: 100, price: 11 }, { minQuantity: 500, price: 9.5 }] });
    renderWithProviders(<ProductGrid products={[bulk, aProduct({ _id: '8', name: 'Tire' })]} />);
    const [withTiers, plain] = screen.getAllByRole('article');
    expect(within(withTiers!).getByText('from $9.50 at 500+')).toBeInTheDocument();
    expect(within(withTiers!).getByText('Packs of 24')).toBeInTheDocument();
    expect(within(plain!).queryByText(/^from \$/)).not.toBeInTheDocument();
    expect(within(plain!).queryByText(/^Packs of/)).not.toBeInTheDocument();
  });

  it("adds the smallest quantity the shop accepts (the minimum in whole packs) to the cart, beside 'Order Now', and says so", async () => {
    const { user } = renderWithProviders(<ProductCard product={aProduct({ min: 10, packSize: 12 })} />);
    const card = within(screen.getByRole('article'));
    await user.click(card.getByRole('button', { name: 'Add to cart: Brake Pads' }));
    expect(readCart()).toEqual([{ productId: '7', quantity: 12 }]);
    expect(await screen.findByText('Added to cart: 12 × Brake Pads')).toBeInTheDocument();
    // Again: nothing is summed silently; the cart asks (Replace or Add) and keeps the line as it was until then.
    await user.click(card.getByRole('button', { name: 'Add to cart: Brake Pads' }));
    expect(readCart()).toEqual([{ productId: '7', quantity: 12 }]);
    expect(screen.getAllByText('Added to cart: 12 × Brake Pads')).toHaveLength(1);
  });
});
