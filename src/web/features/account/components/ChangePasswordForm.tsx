import { toast } from '../../../lib/toast.js';
import { messages } from '../../../../shared/messages.js';
import { passwordChangeSchema } from '../../../../shared/schemas.js';
import { useChangePassword } from '../api.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { useServerForm } from '../../../lib/useServerForm.js';

/** My Profile's "Change password": the current one and the new one; other sessions end with the change. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: passwordChangeSchema,
    defaultValues: { currentPassword: '', newPassword: '' },
    fields: ['currentPassword', 'newPassword'],
    submit: (values) => change.mutateAsync(values),
    onSuccess: (_result, form) => {
      form.reset();
      toast.success(messages.ui.passwordChanged);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field label="Current password" error={errors.currentPassword?.message}>
        <input type="password" autoComplete="current-password" className="input" {...register('currentPassword')} />
      </Field>
      <Field label="New password" error={errors.newPassword?.message}>
        <input type="password" autoComplete="new-password" className="input" {...register('newPassword')} />
      </Field>
      <SubmitRow className="sm:col-span-2" error={formError} busy={isSubmitting} label="Change password" busyLabel="Saving…" />
    </form>
  );
}
