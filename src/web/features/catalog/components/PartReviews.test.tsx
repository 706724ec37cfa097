import { screen } from '@testing-library/react';
import { reviewModerationCopy } from '../../../../shared/back-office-copy.js';
import { choosingMessages, type PartReview } from '../../../../shared/choosing.js';
import { aProduct } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { PartReviews } from './PartReviews.js';

const emptyPage = { items: [], nextCursor: null, summary: { average: null, count: 0, distribution: { '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 } } };
const written = (status: PartReview['status']): PartReview => ({ id: '9', rating: 5, title: 'Fits', comment: 'Quiet pads', name: customer.name, verified: false, status, createdAt: '2030-06-01T10:00:00.000Z' });

describe('PartReviews form', () => {
  it.each([
    ['pending', reviewModerationCopy.postedPending],
    ['published', choosingMessages.reviewPosted],
  ] as const)('tells the author what happens to a %s review', async (status, told) => {
    const product = aProduct({ _id: '7' });
    mockFetch((url, init) => {
      if (url.startsWith('/api/products/7/reviews?')) return { status: 200, body: emptyPage };
      if (url === '/api/products/7/reviews' && init.method === 'POST') return { status: 201, body: written(status) };
      return undefined;
    });
    const { user } = renderWithProviders(<PartReviews product={product} />, { auth: fakeAuth({ user: customer }) });
    await user.type(screen.getByLabelText('Title'), 'Fits');
    await user.type(screen.getByLabelText('Your review'), 'Quiet pads');
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText(told)).toBeInTheDocument();
  });
});
