import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.js';
import { messages } from '../../../../shared/messages.js';
import { registerSchema } from '../../../../shared/schemas.js';
import { useAuth } from '../auth-context.js';
import { returnPath } from '../redirect.js';
import { AuthCard, GoogleSignIn } from '../components/AuthCard.js';
import { Field } from '../../../components/Field.js';
import { useServerForm } from '../../../lib/useServerForm.js';

export function RegisterPage() {
  const { register: createAccount } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    onSubmit,
    formError,
    setFormError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: registerSchema,
    defaultValues: { name: '', email: '', password: '' },
    fields: ['name', 'email', 'password'],
    submit: (values) => createAccount(values),
    onSuccess: () => {
      toast.success(messages.toast.registered);
      navigate(returnPath(location.state), { replace: true });
    },
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
      <GoogleSignIn returnTo={returnPath(location.state)} error={formError} setError={setFormError} />
    </AuthCard>
  );
}
