import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { messages } from '../../../../shared/messages.js';
import { passwordResetRequestSchema } from '../../../../shared/schemas.js';
import { authApi } from '../api.js';
import { AuthCard } from '../components/AuthCard.js';
import { Field, FormError } from '../../../components/Field.js';
import { Notice } from '../../../components/Notice.js';
import { useServerForm } from '../../../lib/useServerForm.js';

/** "Forgot password?": asks for a reset link by e-mail. The answer is the same whether the account exists. */
export function ForgotPasswordPage() {
  // The login page's origin, passed on by 'Forgot password?' and back by 'Back to Login'.
  const location = useLocation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: passwordResetRequestSchema,
    defaultValues: { email: '' },
    fields: ['email'],
    submit: async (values) => {
      await authApi.requestPasswordReset(values);
      return values.email;
    },
    onSuccess: (email) => setSentTo(email),
  });

  return (
    <AuthCard
      title="Forgot password?"
      footer={
        <Link to="/login" state={location.state} className="font-semibold text-brand-700 underline hover:text-brand-800">
          Back to Login
        </Link>
      }
    >
      <title>Forgot password – Partsmith</title>
      {sentTo ? (
        <Notice tone="success">
          <p>{messages.ui.resetRequested(sentTo)}</p>
        </Notice>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">{messages.ui.resetHelp}</p>
          <Field label="Email" error={errors.email?.message}>
            <input type="email" autoComplete="email" autoFocus className="input" {...register('email')} />
          </Field>
          <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Send the reset link'}
          </button>
          <FormError message={formError} />
        </form>
      )}
    </AuthCard>
  );
}
