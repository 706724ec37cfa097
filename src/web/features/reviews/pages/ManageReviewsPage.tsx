import { toast } from '../../../lib/toast.js';
import type { Review } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { errorText } from '../../../lib/form-errors.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { useState } from 'react';
import { useConfirm } from '../../../components/useConfirm.js';
import { useAllReviews, useHideReviews, useSetReviewHidden } from '../api.js';

/**
 * Moderation: every review, hidden ones too. Hiding keeps a review but takes it off the shop (the home
 * page's reviews); Show puts it back. Reversible, so no confirmation: the toast says what happened.
 * Hiding the selected reviews at once asks first, as it may take many off the shop in one click.
 */
export function ManageReviewsPage() {
  const reviews = useAllReviews();
  const setHidden = useSetReviewHidden();
  const hideMany = useHideReviews();
  const { ask, dialog } = useConfirm();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

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

  const toggle = async (review: Review) => {
    const hidden = !review.hidden;
    try {
      await setHidden.mutateAsync({ id: review._id, hidden });
      toast.success(hidden ? messages.ui.reviewHidden(review.name) : messages.ui.reviewShown(review.name));
    } catch (failure) {
      toast.error(errorText(failure));
    }
  };
  const busyId = setHidden.isPending ? setHidden.variables.id : null;

  return (
    <Panel title="Manage Reviews">
      <title>Manage Reviews – Partsmith</title>
      <QueryState query={reviews} label="reviews">
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-700">No reviews yet.</p>
          ) : (
            <>
            <div className="mb-3">
              <button type="button" className="btn-secondary px-3 py-1.5" disabled={selected.size === 0} onClick={hideSelected}>
                Hide selected
              </button>
            </div>
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
                  <td className="max-w-md text-sm break-words">{review.comment}</td>
                  <td className="text-sm whitespace-nowrap">
                    <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
                  </td>
                  <td>
                    <span
                      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                        review.hidden ? 'bg-slate-200 text-slate-800' : 'bg-emerald-100 text-emerald-900'
                      }`}
                    >
                      {review.hidden ? 'hidden' : 'shown'}
                    </span>
                  </td>
                  <td>
                    <button
                      type="button"
                      className={`${review.hidden ? 'btn-success' : 'btn-secondary'} px-3 py-1.5`}
                      aria-label={`${review.hidden ? 'Show' : 'Hide'} the review by ${review.name}`}
                      disabled={busyId === review._id}
                      onClick={() => void toggle(review)}
                    >
                      {review.hidden ? 'Show' : 'Hide'}
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
            </>
          )
        }
      </QueryState>
      {dialog}
    </Panel>
  );
}
