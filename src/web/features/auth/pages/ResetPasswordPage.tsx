import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.js';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { newPasswordTwiceSchema } from '../../../../shared/schemas.js';
import { authApi } from '../api.js';
import { useAuth } from '../auth-context.js';
import { AuthCard } from '../components/AuthCard.js';
import { useLinkToken } from '../link-token.js';
import { Field, FormError } from '../../../components/Field.js';
import { Notice } from '../../../components/Notice.js';
import { useServerForm } from '../../../lib/useServerForm.js';

const linkClass = 'font-semibold text-brand-700 underline hover:text-brand-800';

/** The page a reset e-mail links to (`/reset-password#token=…`): the new password, twice. */
export function ResetPasswordPage() {
  const token = useLinkToken();
  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Link to="/login" className={linkClass}>
          Back to Login
        </Link>
      }
    >
      <title>Choose a new password – Partsmith</title>
      {token ? <NewPasswordForm token={token} /> : <InvalidLink />}
    </AuthCard>
  );
}

/** The link is missing, used or expired: say so and offer a new one. */
function InvalidLink() {
  return (
    <Notice tone="error">
      <p>{errorMessages.resetLinkInvalid}</p>
      <p>
        <Link to="/forgot-password" className={linkClass}>
          Ask for a new link
        </Link>
      </p>
    </Notice>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { signOutLocally } = useAuth();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: newPasswordTwiceSchema,
    defaultValues: { password: '', passwordAgain: '' },
    fields: ['password', 'passwordAgain'],
    submit: ({ password }) => authApi.confirmPasswordReset({ token, password }),
    onSuccess: () => {
      // The reset signed the account out everywhere, this browser included.
      signOutLocally();
      toast.success(messages.ui.passwordReset);
      navigate('/login', { replace: true });
    },
  });

  if (formError === errorMessages.resetLinkInvalid) return <InvalidLink />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label="New password" error={errors.password?.message}>
        <input type="password" autoComplete="new-password" autoFocus className="input" {...register('password')} />
      </Field>
      <Field label="New password again" error={errors.passwordAgain?.message}>
        <input type="password" autoComplete="new-password" className="input" {...register('passwordAgain')} />
      </Field>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Set the new password'}
      </button>
      <FormError message={formError} />
    </form>
  );
}
