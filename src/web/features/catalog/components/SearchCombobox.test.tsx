import { screen } from '@testing-library/react';
import { useState } from 'react';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { aProduct } from '../../../test/fixtures.js';
import { ProductCard } from './ProductCard.js';
import { SearchCombobox, type Suggestion } from './SearchCombobox.js';

const SUGGESTIONS = {
  parts: [{ _id: '7', sku: 'AL-100', name: 'Alternator 90A' }],
  categories: [{ slug: 'electrical', name: 'Electrical' }],
  vehicles: [{ id: 3, label: '2015 Toyota Corolla LE' }],
};

function Box({ onPick }: { onPick: (suggestion: Suggestion) => void }) {
  const [text, setText] = useState('');
  return <SearchCombobox id="q" label="Search" placeholder="" maxLength={100} value={text} onChange={setText} onPick={onPick} />;
}

describe('SearchCombobox', () => {
  it('offers parts, categories and vehicles as one types; Down and Up move, Enter takes one, Escape closes', async () => {
    const { calls } = mockFetch((url) => (url.startsWith('/api/search/suggest?') ? { status: 200, body: SUGGESTIONS } : undefined));
    const picked: Suggestion[] = [];
    const { user } = renderWithProviders(<Box onPick={(suggestion) => picked.push(suggestion)} />);
    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.type(box, 'alternater');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['PartsAlternator 90A (AL-100)', 'CategoriesElectrical', 'Your vehicles2015 Toyota Corolla LE']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(calls.at(-1)!.url).toBe('/api/search/suggest?q=alternater');

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(picked).toEqual([{ kind: 'category', category: { slug: 'electrical', name: 'Electrical' } }]);
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 's');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a rated part with its average and count, and nothing before its first review', () => {
    renderWithProviders(
      <>
        <ProductCard product={aProduct({ _id: '1', name: 'Rated', rating: { average: 4.5, count: 12 } })} />
        <ProductCard product={aProduct({ _id: '2', name: 'Unrated' })} />
      </>,
    );
    expect(screen.getByLabelText('Rated 4.5 out of 5 by 12 buyers')).toHaveTextContent('★ 4.5 (12)');
    expect(screen.getAllByText(/★/)).toHaveLength(1);
  });
});
