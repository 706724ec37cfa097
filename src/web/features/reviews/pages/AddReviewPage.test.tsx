import { screen, waitFor } from '@testing-library/react';
import { reviewModerationCopy } from '../../../../shared/back-office-copy.js';
import { errorMessages } from '../../../../shared/messages.js';
import { apiError } from '../../../test/fake-answers.js';
import { aReview } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { AddReviewPage } from './AddReviewPage.js';

const auth = () => fakeAuth({ user: customer });

describe('AddReviewPage', () => {
  it('shows the read-only e-mail and ratings 5 down to 1, 5 by default', () => {
    mockFetch(() => undefined);
    renderWithProviders(<AddReviewPage />, { auth: auth() });
    expect(screen.getByLabelText('Email')).toHaveValue('customer@partsmith.example');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    const rating = screen.getByLabelText('Rating');
    expect(rating).toHaveValue('5');
    expect([...(rating as HTMLSelectElement).options].map((option) => option.value)).toEqual(['5', '4', '3', '2', '1']);
    expect(screen.getByLabelText('Comments').tagName).toBe('TEXTAREA');
  });

  it('requires a comment', async () => {
    const { calls } = mockFetch(() => undefined);
    const { user } = renderWithProviders(<AddReviewPage />, { auth: auth() });
    await user.click(screen.getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByText('Comment is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('posts the review with its token, toasts and resets', async () => {
    localStorage.setItem('token', 'tok-123');
    const { calls } = mockFetch((url) => (url === '/api/review' ? { status: 201, body: aReview({ rating: '4', comment: 'Fast delivery, good pads.' }) } : undefined));
    const { user } = renderWithProviders(<AddReviewPage />, { auth: auth() });
    await user.selectOptions(screen.getByLabelText('Rating'), '4');
    await user.type(screen.getByLabelText('Comments'), 'Fast delivery, good pads.');
    await user.click(screen.getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByText('Thank you! Your review is posted.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { rating: '4', comment: 'Fast delivery, good pads.' } });
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok-123');
    await waitFor(() => expect(screen.getByLabelText('Comments')).toHaveValue(''));
    expect(screen.getByLabelText('Rating')).toHaveValue('5');
  });

  it('tells the author a review held for approval shows once approved', async () => {
    mockFetch((url) => (url === '/api/review' ? { status: 201, body: aReview({ comment: 'Quiet pads.', status: 'pending' }) } : undefined));
    const { user } = renderWithProviders(<AddReviewPage />, { auth: auth() });
    await user.type(screen.getByLabelText('Comments'), 'Quiet pads.');
    await user.click(screen.getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByText(reviewModerationCopy.postedPending)).toBeInTheDocument();
    expect(screen.queryByText('Thank you! Your review is posted.')).not.toBeInTheDocument();
  });

  it('shows a server error', async () => {
    mockFetch(() => apiError(401, 'unauthenticated', errorMessages.unauthenticated));
    const { user } = renderWithProviders(<AddReviewPage />, { auth: auth() });
    await user.type(screen.getByLabelText('Comments'), 'Nice');
    await user.click(screen.getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByText('Please log in to continue')).toBeInTheDocument();
  });
});
