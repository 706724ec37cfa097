import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.js';
import { messages } from '../../../../shared/messages.js';
import { loginSchema } from '../../../../shared/schemas.js';
import { useAuth } from '../auth-context.js';
import { readGoogleReturn } from '../google.js';
import { returnPath } from '../redirect.js';
import { AuthCard, GoogleSignIn } from '../components/AuthCard.js';
import { Field } from '../../../components/Field.js';
import { errorText } from '../../../lib/form-errors.js';
import { Spinner } from '../../../components/Spinner.js';
import { useServerForm } from '../../../lib/useServerForm.js';

export function LoginPage() {
  const { login, signInWithGoogle } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [googleBusy, setGoogleBusy] = useState(false);
  const {
    register,
    onSubmit,
    formError,
    setFormError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
    submit: (values) => login(values),
    onSuccess: () => {
      toast.success(messages.toast.loggedIn);
      navigate(returnPath(location.state), { replace: true });
    },
  });

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
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" state={location.state} className="font-semibold text-brand-700 underline hover:text-brand-800">
            Forgot password?
          </Link>
        </p>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting || googleBusy}>
          {isSubmitting ? 'Logging in…' : 'Login'}
        </button>
      </form>
      <GoogleSignIn returnTo={returnPath(location.state)} error={formError} setError={setFormError} />
    </AuthCard>
  );
}
