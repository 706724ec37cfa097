import type { Review } from '../../../../shared/api.js';

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-hidden="true" className="text-amber-500">
      {'★'.repeat(rating)}
      <span className="text-slate-300">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/**
 * The customers' reviews as cards: name, 'N stars' and the comment, in 1, 3 or 4 columns as the original
 * review grid (docs/legacy-contract.md#home-page).
 */
export function ReviewCards({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p className="text-center text-slate-700">No reviews yet.</p>;
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-3 xl:grid-cols-4">
      {reviews.map((review) => (
        <li key={review._id} className="card flex flex-col gap-3 p-5">
          <figure className="flex h-full flex-col gap-3">
            <figcaption className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
              >
                {review.name.slice(0, 1).toUpperCase()}
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{review.name}</span>
                <span className="flex items-center gap-2 text-sm text-slate-700">
                  <Stars rating={Number(review.rating)} />
                  <span>{review.rating} stars</span>
                </span>
              </span>
            </figcaption>
            <blockquote className="text-slate-800">“{review.comment}”</blockquote>
          </figure>
        </li>
      ))}
    </ul>
  );
}
