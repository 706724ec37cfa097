import { screen, within } from '@testing-library/react';
import type { Review, ReviewStatus } from '../../../../shared/api.js';
import { aReview } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { ManageReviewsPage } from './ManageReviewsPage.js';

const admin = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' as const };
const asAdmin = (route = '/under-test') => ({ auth: fakeAuth({ user: admin, isAdmin: true }), route });

/**
 * A fake server holding `reviews`: the list filtered by `?status=` and `?rating=` as the real one does,
 * PATCH sets a status, DELETE removes one, the bulk hide hides the given ids.
 */
function serve(initial: Review[]) {
  let reviews = initial;
  const fake = mockFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://shop.test');
    if (pathname === '/api/admin/reviews' && (init.method ?? 'GET') === 'GET') {
      const status = searchParams.get('status');
      const rating = searchParams.get('rating');
      return { status: 200, body: reviews.filter((r) => (!status || r.status === status) && (!rating || r.rating === rating)) };
    }
    const id = /^\/api\/review\/(\d+)$/.exec(pathname)?.[1];
    if (id && init.method === 'PATCH') {
      const { status } = JSON.parse(String(init.body)) as { status: ReviewStatus };
      reviews = reviews.map((r) => (r._id === id ? { ...r, status, hidden: status === 'hidden' } : r));
      return { status: 200, body: reviews.find((r) => r._id === id) };
    }
    if (id && init.method === 'DELETE') {
      reviews = reviews.filter((r) => r._id !== id);
      return { status: 204, body: undefined };
    }
    if (pathname === '/api/admin/reviews/hide' && init.method === 'POST') {
      const { ids } = JSON.parse(String(init.body)) as { ids: number[] };
      reviews = reviews.map((r) => (ids.includes(Number(r._id)) ? { ...r, status: 'hidden', hidden: true } : r));
      return { status: 200, body: { hidden: ids.length } };
    }
    return undefined;
  });
  return fake;
}

const hiddenReview = (overrides: Partial<Review>) => aReview({ status: 'hidden', hidden: true, ...overrides });

describe('ManageReviewsPage', () => {
  it('lists every review, hidden ones too, with the e-mail an admin may see, when none waits', async () => {
    serve([hiddenReview({ _id: '2', name: 'Rob Rude', email: 'rob@example.com', rating: '1', comment: 'Spam spam spam' }), aReview({ _id: '1', email: customer.email })]);
    renderWithProviders(<ManageReviewsPage />, asAdmin());
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
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('all');
  });

  it('hides a review (kept, not shown) and shows it again', async () => {
    const { calls } = serve([aReview({ _id: '5', email: customer.email })]);
    const { user } = renderWithProviders(<ManageReviewsPage />, asAdmin());
    const row = within(await screen.findByTestId('review-5'));

    await user.click(row.getByRole('button', { name: 'Hide the review by Casey Customer' }));
    expect(await screen.findByText('The review by Casey Customer is hidden from the shop.')).toBeInTheDocument();
    expect(await row.findByText('hidden')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Show the review by Casey Customer' }));
    expect(await screen.findByText('The review by Casey Customer is shown in the shop again.')).toBeInTheDocument();
    expect(await row.findByText('shown')).toBeInTheDocument();

    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.url, call.body])).toEqual([
      ['/api/review/5', { status: 'hidden' }],
      ['/api/review/5', { status: 'published' }],
    ]);
  });

  it('says so when there are no reviews', async () => {
    serve([]);
    renderWithProviders(<ManageReviewsPage />, asAdmin());
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });
});

describe('ManageReviewsPage queue', () => {
  const queue = () => [
    aReview({ _id: '4', name: 'Spam Sam', rating: '1', comment: 'Cheaper at rival-parts.com, call 555-0199', status: 'pending', flags: ['link', 'phone'] }),
    aReview({ _id: '3', name: 'Polly Pending', rating: '4', comment: 'Fits well', status: 'pending', flags: [] }),
    aReview({ _id: '2', name: 'Pat Published', rating: '4', comment: 'Good', flags: [] }),
  ];

  it('opens on the pending reviews when any wait, with their flags, and approves one', async () => {
    const { calls } = serve(queue());
    const { user } = renderWithProviders(<ManageReviewsPage />, asAdmin());
    const spam = within(await screen.findByTestId('review-4'));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    expect(screen.queryByTestId('review-2')).not.toBeInTheDocument();
    expect(spam.getByText('pending')).toBeInTheDocument();
    expect(within(spam.getByRole('list', { name: 'What the review by Spam Sam contains' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Link', 'Phone number']);
    expect(within(screen.getByTestId('review-3')).queryByRole('list')).not.toBeInTheDocument();

    await user.click(within(screen.getByTestId('review-3')).getByRole('button', { name: 'Approve the review by Polly Pending' }));
    expect(await screen.findByText('The review by Polly Pending is approved and shown in the shop.')).toBeInTheDocument();
    // Approved, it leaves the pending ones.
    expect(await screen.findByTestId('review-4')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByTestId('review-3')).not.toBeInTheDocument());

    await user.click(spam.getByRole('button', { name: 'Reject the review by Spam Sam' }));
    expect(await screen.findByText('The review by Spam Sam is rejected: it is not shown in the shop.')).toBeInTheDocument();
    expect(await screen.findByText('No reviews match these filters.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.url, call.body])).toEqual([
      ['/api/review/3', { status: 'published' }],
      ['/api/review/4', { status: 'hidden' }],
    ]);
  });

  it('filters by status and rating from the address, and writes the choice back', async () => {
    const { calls } = serve(queue());
    const { user } = renderWithProviders(<ManageReviewsPage />, asAdmin('/under-test?status=published&rating=4'));
    expect(await screen.findByTestId('review-2')).toBeInTheDocument();
    expect(screen.queryByTestId('review-3')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rating' })).toHaveValue('4');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    expect(await screen.findByTestId('review-3')).toBeInTheDocument();
    expect(screen.queryByTestId('review-4')).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/admin/reviews?rating=4');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '1');
    expect(await screen.findByTestId('review-4')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/admin/reviews?rating=1');
  });

  it('deletes a review only after a confirmation', async () => {
    const { calls } = serve(queue());
    const { user } = renderWithProviders(<ManageReviewsPage />, asAdmin('/under-test?status=all'));
    await user.click(within(await screen.findByTestId('review-2')).getByRole('button', { name: 'Delete the review by Pat Published' }));
    expect(await screen.findByText('Delete the review by Pat Published for good?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByTestId('review-2')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('review-2')).getByRole('button', { name: 'Delete the review by Pat Published' }));
    await user.click(await screen.findByRole('button', { name: 'Delete review' }));
    expect(await screen.findByText('The review by Pat Published is deleted.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByTestId('review-2')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/review/2']);
  });
});

describe('ManageReviewsPage bulk hide', () => {
  it('hides the selected reviews after a confirmation, and says how many', async () => {
    const { calls } = serve([
      aReview({ _id: '3', name: 'Spam Sam', comment: 'Bad' }),
      aReview({ _id: '2', name: 'Spam Sue', comment: 'Worse' }),
      aReview({ _id: '1', name: 'Honest Hal', comment: 'Fine' }),
    ]);
    const { user } = renderWithProviders(<ManageReviewsPage />, asAdmin());
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
