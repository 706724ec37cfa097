import { useState, type FormEvent } from 'react';
import type { Product } from '../../../../shared/api.js';
import { choosingMessages, choosingUi as ui, RATING_LEVELS } from '../../../../shared/choosing-copy.js';
import { reviewModerationCopy } from '../../../../shared/back-office-copy.js';
import { ApiError } from '../../../lib/api-client.js';
import { toast } from '../../../lib/toast.js';
import { useAuth } from '../../auth/auth-context.js';
import { usePartReviews, useWritePartReview } from '../choosing-api.js';

/** A part's reviews: the average, the count, the 5-to-1 distribution, verified purchases first, page by page, and the form. */
export function PartReviews({ product }: { product: Product }) {
  const reviews = usePartReviews(product._id);
  const summary = reviews.data?.pages[0]?.summary;
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="part-reviews" className="mt-12">
      <h2 id="part-reviews" className="text-2xl font-bold text-slate-900">
        {ui.reviewsHeading}
      </h2>
      {summary && summary.count > 0 && summary.average !== null ? (
        <div className="mt-4 grid gap-6 md:grid-cols-[16rem_1fr]">
          <div>
            <p className="text-lg font-semibold text-slate-900">{ui.averageOf(summary.average, summary.count)}</p>
            <ul className="mt-2 space-y-1 text-sm text-slate-700" aria-label="Ratings by stars">
              {RATING_LEVELS.map((level) => (
                <li key={level} className="flex items-center gap-2">
                  <span className="w-16">{level} ★</span>
                  <span className="h-2 flex-1 rounded bg-slate-200" aria-hidden="true">
                    <span className="block h-2 rounded bg-amber-500" style={{ width: `${(summary.distribution[level] / summary.count) * 100}%` }} />
                  </span>
                  <span className="sr-only">{ui.starsCount(level, summary.distribution[level])}</span>
                  <span aria-hidden="true" className="w-8 text-right">
                    {summary.distribution[level]}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <ol className="space-y-4">
            {items.map((review) => (
              <li key={review.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <p className="font-semibold text-slate-900">
                  <span aria-label={`${review.rating} out of 5`}>{'★'.repeat(review.rating)}</span> {review.title}
                </p>
                <p className="text-sm text-slate-700">
                  {review.name}
                  {review.verified && <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{choosingMessages.verifiedPurchase}</span>}
                </p>
                <p className="mt-2 whitespace-pre-line text-slate-800">{review.comment}</p>
              </li>
            ))}
            {reviews.hasNextPage && (
              <li>
                <button type="button" className="btn-secondary" disabled={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
                  {ui.moreReviews}
                </button>
              </li>
            )}
          </ol>
        </div>
      ) : (
        <p className="mt-4 text-slate-700">{reviews.isPending ? '…' : ui.noReviews}</p>
      )}
      <ReviewForm productId={product._id} />
    </section>
  );
}

function ReviewForm({ productId }: { productId: string }) {
  const { user } = useAuth();
  const write = useWritePartReview(productId);
  const [mine, setMine] = useState(false);
  const [rating, setRating] = useState('5');
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!user) return <p className="mt-6 text-slate-700">{ui.signInToReview}</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const written = await write.mutateAsync({ body: { rating: Number(rating), title, comment }, mine });
      // Held for approval (REVIEW_MODERATION=before): the author is told why it is not listed yet.
      if (written.status === 'pending') toast.success(mine ? reviewModerationCopy.changedPending : reviewModerationCopy.postedPending);
      else toast.success(mine ? choosingMessages.reviewChanged : choosingMessages.reviewPosted);
      setTitle('');
      setComment('');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) setMine(true);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <form className="mt-6 max-w-xl space-y-3 rounded-lg border border-slate-200 bg-white p-4" onSubmit={(event) => void submit(event)}>
      <h3 className="text-lg font-semibold text-slate-900">{mine ? ui.changeReview : ui.writeReview}</h3>
      <label className="label" htmlFor="part-review-rating">
        {ui.rating}
      </label>
      <select id="part-review-rating" className="input" value={rating} onChange={(event) => setRating(event.target.value)}>
        {RATING_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level} ★
          </option>
        ))}
      </select>
      <label className="label" htmlFor="part-review-title">
        {ui.title}
      </label>
      <input id="part-review-title" className="input" value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} />
      <label className="label" htmlFor="part-review-comment">
        {ui.comment}
      </label>
      <textarea id="part-review-comment" className="input" rows={4} value={comment} maxLength={2000} onChange={(event) => setComment(event.target.value)} />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={write.isPending}>
        {mine ? ui.changeReview : ui.submitReview}
      </button>
    </form>
  );
}
