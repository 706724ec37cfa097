import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify/unstyled';
import { messages } from '../../../../shared/messages.js';
import { RATINGS, reviewInputSchema } from '../../../../shared/schemas.js';
import { usePostReview } from '../../../api/reviews.js';
import { useAuth } from '../../../auth/auth-context.js';
import { Field, FormError } from '../../../components/Field.js';
import { applyServerError } from '../../../components/form-errors.js';
import { Panel } from '../Panel.js';

export function AddReviewPage() {
  const { user } = useAuth();
  const post = usePostReview();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { rating: '5', comment: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await post.mutateAsync({ rating: String(values.rating), comment: values.comment });
    } catch (error) {
      setFormError(applyServerError(error, setError, ['rating', 'comment']) || null);
      return;
    }
    toast.success(messages.ui.reviewPosted);
    reset({ rating: '5', comment: '' });
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
