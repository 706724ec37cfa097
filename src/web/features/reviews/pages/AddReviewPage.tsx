import { toast } from '../../../lib/toast.js';
import { messages } from '../../../../shared/messages.js';
import { reviewModerationCopy } from '../../../../shared/back-office-copy.js';
import { RATINGS, reviewInputSchema } from '../../../../shared/schemas.js';
import { usePostReview } from '../api.js';
import { useAuth } from '../../auth/auth-context.js';
import { Field, FormError } from '../../../components/Field.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { Panel } from '../../../components/Panel.js';

/**
 * The rating as the original storefront sent it (docs/legacy-contract.md#old-clients): a string '1'–'5'
 * (the form's schema turns it into a number).
 */
const ratingText = (rating: number) => String(rating) as (typeof RATINGS)[number];

export function AddReviewPage() {
  const { user } = useAuth();
  const post = usePostReview();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: reviewInputSchema,
    defaultValues: { rating: '5', comment: '' },
    fields: ['rating', 'comment'],
    submit: (values) => post.mutateAsync({ rating: ratingText(values.rating), comment: values.comment }),
    onSuccess: (posted, { reset }) => {
      // Held for approval (REVIEW_MODERATION=before): the author is told why it is not on the home page yet.
      toast.success(posted.status === 'pending' ? reviewModerationCopy.postedPending : messages.ui.reviewPosted);
      reset({ rating: '5', comment: '' });
    },
  });

  return (
    <Panel title="Add a Reviews">
      <title>Add a Reviews – Partsmith</title>
      <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
        <Field label="Email">
          <input type="email" className="input" value={user?.email ?? ''} readOnly />
        </Field>
        <Field label="Rating" error={errors.rating?.message}>
          <select className="input" {...register('rating')}>
            {RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {rating}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Comments" error={errors.comment?.message}>
          <textarea rows={5} className="input" {...register('comment')} />
        </Field>
        <FormError message={formError} />
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Posting…' : 'Post Review'}
        </button>
      </form>
    </Panel>
  );
}
