import { toast } from '../../../lib/toast.js';
import { REVIEW_STATUSES, type Review, type ReviewStatus } from '../../../../shared/api.js';
import { reviewModerationCopy as copy } from '../../../../shared/back-office-copy.js';
import { messages } from '../../../../shared/messages.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { errorText } from '../../../lib/form-errors.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/useConfirm.js';
import { type ReviewFilters, useAllReviews, useDeleteReview, useHideReviews, useSetReviewStatus } from '../api.js';

const RATING_CHOICES = [5, 4, 3, 2, 1] as const;
/** `?status=all` keeps "all" chosen; without `?status=` the queue opens on the pending ones when there are any. */
const ALL = 'all';

const statusParam = (value: string | null): ReviewStatus | typeof ALL | null =>
  value === ALL ? ALL : REVIEW_STATUSES.find((status) => status === value) ?? null;
const ratingParam = (value: string | null) => RATING_CHOICES.find((rating) => String(rating) === value);

const STATUS_TONE: Record<ReviewStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  published: 'bg-emerald-100 text-emerald-900',
  hidden: 'bg-slate-200 text-slate-800',
};

/**
 * Moderation (issue 62): the queue of reviews by status and rating (`?status=`, `?rating=`), pending first
 * when any wait. Approve publishes a pending review, Reject hides it (kept); Hide and Show as before for a
 * published or hidden one. All reversible, so no confirmation: the toast says what happened. Delete is for
 * good, so it asks first, as does hiding the selected reviews at once (it may take many off the shop).
 */
export function ManageReviewsPage() {
  const [params, setParams] = useSearchParams();
  const chosenStatus = statusParam(params.get('status'));
  const rating = ratingParam(params.get('rating'));
  // Asked only when no status is chosen: whether the queue opens on the pending ones.
  const pending = useAllReviews({ status: 'pending' }, chosenStatus === null);
  const status = chosenStatus ?? (pending.data === undefined ? null : pending.data.length > 0 ? 'pending' : ALL);
  // The status it opened on is written to the address, so the queue stays on it once the last one is approved.
  useEffect(() => {
    if (chosenStatus === null && status !== null) setParams((current) => new URLSearchParams([...current, ['status', status]]), { replace: true });
  }, [chosenStatus, status, setParams]);
  const filters: ReviewFilters = { ...(status !== ALL && status !== null && { status }), ...(rating && { rating }) };
  const reviews = useAllReviews(filters, status !== null);
  const setStatus = useSetReviewStatus();
  const remove = useDeleteReview();
  const hideMany = useHideReviews();
  const { ask, dialog } = useConfirm();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const filter = (name: 'status' | 'rating', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const hideSelected = () => {
    const ids = [...selected];
    ask(
      messages.ui.reviewsHideAsk(ids.length),
      async () => {
        const { hidden } = await hideMany.mutateAsync(ids);
        setSelected(new Set());
        return messages.ui.reviewsHidden(hidden);
      },
      { confirmLabel: 'Hide reviews', cancelLabel: 'Keep them' },
    );
  };

  const moderate = async (review: Review, to: ReviewStatus, done: string) => {
    try {
      await setStatus.mutateAsync({ id: review._id, status: to });
      toast.success(done);
    } catch (failure) {
      toast.error(errorText(failure));
    }
  };
  const deleteOne = (review: Review) =>
    ask(
      copy.deleteAsk(review.name),
      async () => {
        await remove.mutateAsync(review._id);
        select(review._id, false);
        return copy.deleted(review.name);
      },
      { confirmLabel: copy.deleteConfirm, cancelLabel: copy.deleteCancel, details: copy.deleteDetails },
    );
  const busyId = setStatus.isPending ? setStatus.variables.id : null;

  const actions = (review: Review) => {
    const busy = busyId === review._id;
    const button = (label: string, text: string, tone: string, onClick: () => void) => (
      <button type="button" className={`${tone} px-3 py-1.5`} aria-label={label} disabled={busy} onClick={onClick}>
        {text}
      </button>
    );
    const moderation =
      review.status === 'pending' ? (
        <>
          {button(copy.approveLabel(review.name), copy.approve, 'btn-success', () => void moderate(review, 'published', copy.approved(review.name)))}
          {button(copy.rejectLabel(review.name), copy.reject, 'btn-secondary', () => void moderate(review, 'hidden', copy.rejected(review.name)))}
        </>
      ) : review.status === 'hidden' ? (
        button(`Show the review by ${review.name}`, 'Show', 'btn-success', () => void moderate(review, 'published', messages.ui.reviewShown(review.name)))
      ) : (
        button(`Hide the review by ${review.name}`, 'Hide', 'btn-secondary', () => void moderate(review, 'hidden', messages.ui.reviewHidden(review.name)))
      );
    return (
      <div className="flex flex-wrap gap-2">
        {moderation}
        {button(copy.deleteLabel(review.name), copy.delete, 'btn-danger', () => deleteOne(review))}
      </div>
    );
  };

  return (
    <Panel title="Manage Reviews">
      <title>Manage Reviews – Partsmith</title>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="label">{copy.statusFilter}</span>
          <select className="input" value={status ?? ''} onChange={(event) => filter('status', event.target.value)}>
            <option value={ALL}>{copy.allStatuses}</option>
            {REVIEW_STATUSES.map((choice) => (
              <option key={choice} value={choice}>
                {copy.statusLabel[choice]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="label">{copy.ratingFilter}</span>
          <select className="input" value={rating ?? ''} onChange={(event) => filter('rating', event.target.value)}>
            <option value="">{copy.allRatings}</option>
            {RATING_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {copy.ratingOption(choice)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn-secondary px-3 py-1.5" disabled={selected.size === 0} onClick={hideSelected}>
          Hide selected
        </button>
      </div>
      <QueryState query={status === null ? pending : reviews} label="reviews">
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-700">{status === ALL && rating === undefined ? 'No reviews yet.' : copy.noneMatch}</p>
          ) : (
            <DataTable label="All reviews" columns={['Select', 'Customer', 'Rating', 'Comment', 'Posted', 'Status', 'Action']}>
              {list.map((review) => (
                <tr key={review._id} data-testid={`review-${review._id}`}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select the review by ${review.name}`}
                      checked={selected.has(review._id)}
                      onChange={(event) => select(review._id, event.target.checked)}
                    />
                  </td>
                  <td>
                    <p className="font-medium">{review.name}</p>
                    <p className="text-xs break-all text-slate-700">{review.email}</p>
                  </td>
                  <td className="whitespace-nowrap">{review.rating} stars</td>
                  <td className="max-w-md text-sm break-words">
                    {review.title && <p className="font-medium">{review.title}</p>}
                    <p>{review.comment}</p>
                    {review.flags && review.flags.length > 0 && (
                      <ul className="mt-1 flex flex-wrap gap-1" aria-label={copy.flagsOf(review.name)}>
                        {review.flags.map((flag) => (
                          <li key={flag} className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                            {copy.flag[flag]}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="text-sm whitespace-nowrap">
                    <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
                  </td>
                  <td>
                    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[review.status]}`}>{copy.statusBadge[review.status]}</span>
                  </td>
                  <td>{actions(review)}</td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
      {dialog}
    </Panel>
  );
}
