import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { messages } from '../../../shared/messages.js';
import { registerSchema } from '../../../shared/schemas.js';
import { useAuth } from '../../auth/auth-context.js';
import { useContinueWithGoogle } from '../../auth/google.js';
import { returnPath } from '../../auth/redirect.js';
import { AuthCard, GoogleButton, OrDivider } from '../../components/AuthCard.js';
import { Field, FormError } from '../../components/Field.js';
import { applyServerError } from '../../components/form-errors.js';

export function RegisterPage() {
  const { register: createAccount } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const continueWithGoogle = useContinueWithGoogle(returnPath(location.state), setFormError);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(registerSchema), defaultValues: { name: '', email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await createAccount(values);
    } catch (error) {
      setFormError(applyServerError(error, setError, ['name', 'email', 'password']) || null);
      return;
    }
    toast.success(messages.toast.registered);
    navigate(returnPath(location.state), { replace: true });
  });

  return (
    <AuthCard
      title="Register"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={location.state} className="font-semibold text-brand-700 underline hover:text-brand-800">
            Please login
          </Link>
        </>
      }
    >
      <title>Register – Partsmith</title>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Name" error={errors.name?.message}>
          <input type="text" autoComplete="name" className="input" {...register('name')} />
        </Field>
        <Field label="Email" error={errors.email?.message}>
          <input type="email" autoComplete="email" className="input" {...register('email')} />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <input type="password" autoComplete="new-password" className="input" {...register('password')} />
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Register'}
        </button>
      </form>
      <OrDivider />
      <GoogleButton
        onClick={() => {
          setFormError(null);
          void continueWithGoogle();
        }}
      />
      <FormError message={formError} />
    </AuthCard>
  );
}
