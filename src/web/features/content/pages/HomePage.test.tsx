import { screen, within } from '@testing-library/react';
import type { HomeSummary } from '../../../../shared/api.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { BusinessSummary } from './HomePage.js';

/** Each figure of the summary as its label, value and detail read. */
async function figures() {
  const list = within(await screen.findByRole('region', { name: 'Trusted by workshops and drivers worldwide' }));
  return list.getAllByRole('term').map((term) => [term.textContent, ...within(term.parentElement!).getAllByRole('definition').map((value) => value.textContent)]);
}

function answer(summary: HomeSummary) {
  return mockFetch((url) => (url === '/api/summary' ? { status: 200, body: summary } : undefined));
}

describe('BusinessSummary', () => {
  it("shows the original written figures when the shop keeps them (HOME_FIGURES=static)", async () => {
    const { calls } = answer({ live: false, reviews: 0, averageRating: 0, ordersCompleted: 0 });
    renderWithProviders(<BusinessSummary />);
    expect(await screen.findByText('86%')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/summary']);
    expect(await figures()).toEqual([
      ['Annual revenue', '100M+'],
      ['Customers served', '60k+'],
      ['Orders completed', '86%', '31 remaining'],
      ['Reviews', '10k+', 'Average rating 4.9'],
    ]);
  });

  it("shows the shop's own reviews, average rating and orders completed under the original labels (HOME_FIGURES=live)", async () => {
    answer({ live: true, reviews: 1234, averageRating: 4, ordersCompleted: 67 });
    renderWithProviders(<BusinessSummary />);
    expect(await screen.findByText('67%')).toBeInTheDocument();
    expect(await figures()).toEqual([
      ['Annual revenue', '100M+'],
      ['Customers served', '60k+'],
      ['Orders completed', '67%'],
      ['Reviews', '1,234', 'Average rating 4.0'],
    ]);
    expect(screen.queryByText('86%')).not.toBeInTheDocument();
  });

  it('shows no written reviews or orders completed while it waits for the answer', async () => {
    mockFetch((url) => (url === '/api/summary' ? new Promise(() => {}) : undefined));
    renderWithProviders(<BusinessSummary />);
    expect(await figures()).toEqual([
      ['Annual revenue', '100M+'],
      ['Customers served', '60k+'],
      ['Orders completed', '…'],
      ['Reviews', '…'],
    ]);
  });
});
