import { screen, within } from '@testing-library/react';
import type { Review } from '../../../../shared/api.js';
import { aReview } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { ManageReviewsPage } from './ManageReviewsPage.js';

const admin = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' as const };

describe('ManageReviewsPage', () => {
  it('lists every review, hidden ones too, with the e-mail an admin may see', async () => {
    mockFetch((url) =>
      url === '/api/admin/reviews'
        ? {
            status: 200,
            body: [
              aReview({ _id: '2', name: 'Rob Rude', email: 'rob@example.com', rating: '1', comment: 'Spam spam spam', hidden: true }),
              aReview({ _id: '1', email: customer.email }),
            ],
          }
        : undefined,
    );
    renderWithProviders(<ManageReviewsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    expect(screen.getByRole('heading', { name: 'Manage Reviews' })).toBeInTheDocument();

    const hidden = within(await screen.findByTestId('review-2'));
    expect(hidden.getByText('Rob Rude')).toBeInTheDocument();
    expect(hidden.getByText('rob@example.com')).toBeInTheDocument();
    expect(hidden.getByText('1 stars')).toBeInTheDocument();
    expect(hidden.getByText('Spam spam spam')).toBeInTheDocument();
    expect(hidden.getByText('hidden')).toBeInTheDocument();
    expect(hidden.getByRole('button', { name: 'Show the review by Rob Rude' })).toHaveTextContent('Show');

    const shown = within(screen.getByTestId('review-1'));
    expect(shown.getByText('shown')).toBeInTheDocument();
    expect(shown.getByRole('button', { name: 'Hide the review by Casey Customer' })).toHaveTextContent('Hide');
  });

  it('hides a review (kept, not shown) and shows it again', async () => {
    let review: Review = aReview({ _id: '5', email: customer.email });
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/admin/reviews') return { status: 200, body: [review] };
      if (url === '/api/review/5' && init.method === 'PATCH') {
        const { hidden } = JSON.parse(String(init.body)) as { hidden: boolean };
        review = { ...review, hidden };
        return { status: 200, body: review };
      }
      return undefined;
    });
    const { user } = renderWithProviders(<ManageReviewsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    const row = within(await screen.findByTestId('review-5'));

    await user.click(row.getByRole('button', { name: 'Hide the review by Casey Customer' }));
    expect(await screen.findByText('The review by Casey Customer is hidden from the shop.')).toBeInTheDocument();
    expect(await row.findByText('hidden')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Show the review by Casey Customer' }));
    expect(await screen.findByText('The review by Casey Customer is shown in the shop again.')).toBeInTheDocument();
    expect(await row.findByText('shown')).toBeInTheDocument();

    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.url, call.body])).toEqual([
      ['/api/review/5', { hidden: true }],
      ['/api/review/5', { hidden: false }],
    ]);
  });

  it('says so when there are no reviews', async () => {
    mockFetch((url) => (url === '/api/admin/reviews' ? { status: 200, body: [] } : undefined));
    renderWithProviders(<ManageReviewsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });
});

describe('ManageReviewsPage bulk hide', () => {
  it('hides the selected reviews after a confirmation, and says how many', async () => {
    let reviews: Review[] = [
      aReview({ _id: '3', name: 'Spam Sam', comment: 'Bad' }),
      aReview({ _id: '2', name: 'Spam Sue', comment: 'Worse' }),
      aReview({ _id: '1', name: 'Honest Hal', comment: 'Fine' }),
    ];
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/admin/reviews') return { status: 200, body: reviews };
      if (url === '/api/admin/reviews/hide' && init.method === 'POST') {
        const { ids } = JSON.parse(String(init.body)) as { ids: number[] };
        reviews = reviews.map((review) => (ids.includes(Number(review._id)) ? { ...review, hidden: true } : review));
        return { status: 200, body: { hidden: ids.length } };
      }
      return undefined;
    });
    const { user } = renderWithProviders(<ManageReviewsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    await screen.findByTestId('review-3');
    expect(screen.getByRole('button', { name: 'Hide selected' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select the review by Spam Sam' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select the review by Spam Sue' }));
    await user.click(screen.getByRole('button', { name: 'Hide selected' }));
    expect(await screen.findByText('Hide 2 selected reviews from the shop?')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/admin/reviews/hide')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Hide reviews' }));
    expect(await screen.findByText('2 reviews are hidden from the shop.')).toBeInTheDocument();
    expect(await within(screen.getByTestId('review-3')).findByText('hidden')).toBeInTheDocument();
    expect(within(screen.getByTestId('review-2')).getByText('hidden')).toBeInTheDocument();
    expect(within(screen.getByTestId('review-1')).getByText('shown')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/admin/reviews/hide').map((call) => call.body)).toEqual([{ ids: [3, 2] }]);
  });
});
