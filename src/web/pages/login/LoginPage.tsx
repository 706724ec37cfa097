import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { messages } from '../../../shared/messages.js';
import { loginSchema } from '../../../shared/schemas.js';
import { useAuth } from '../../auth/auth-context.js';
import { readGoogleReturn, useContinueWithGoogle } from '../../auth/google.js';
import { returnPath } from '../../auth/redirect.js';
import { AuthCard, GoogleButton, OrDivider } from '../../components/AuthCard.js';
import { Field, FormError } from '../../components/Field.js';
import { applyServerError, errorText } from '../../components/form-errors.js';
import { Spinner } from '../../components/Spinner.js';

export function LoginPage() {
  const { login, signInWithGoogle } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);
  const continueWithGoogle = useContinueWithGoogle(returnPath(location.state), setFormError);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  // Back from Google: /login#google=<one-time code> or /login#googleError=<message>. The code is single
  // use, so it is read once (the ref survives StrictMode's second effect run) and taken off the address bar.
  const googleHandled = useRef(false);
  useEffect(() => {
    if (googleHandled.current) return;
    const back = readGoogleReturn(location.hash);
    if (!back) return;
    googleHandled.current = true;
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state });
    if ('error' in back) {
      setFormError(back.error);
      return;
    }
    setGoogleBusy(true);
    signInWithGoogle(back.code).then(
      ({ returnTo }) => {
        toast.success(messages.toast.loggedIn);
        navigate(returnTo, { replace: true });
      },
      (error: unknown) => {
        setGoogleBusy(false);
        setFormError(errorText(error));
      },
    );
  }, [location, navigate, signInWithGoogle]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await login(values);
    } catch (error) {
      setFormError(applyServerError(error, setError, ['email', 'password']) || null);
      return;
    }
    toast.success(messages.toast.loggedIn);
    navigate(returnPath(location.state), { replace: true });
  });

  return (
    <AuthCard
      title="Login"
      footer={
        <>
          New to Partsmith?{' '}
          <Link to="/register" state={location.state} className="font-semibold text-brand-700 underline hover:text-brand-800">
            Create a new account
          </Link>
        </>
      }
    >
      <title>Login – Partsmith</title>
      {googleBusy && <Spinner label={messages.ui.googleSigningIn} />}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Email" error={errors.email?.message}>
          <input type="email" autoComplete="email" className="input" {...register('email')} />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <input type="password" autoComplete="current-password" className="input" {...register('password')} />
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting || googleBusy}>
          {isSubmitting ? 'Logging in…' : 'Login'}
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
