import { useCallback, useEffect, useRef, useState } from 'react';
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
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { useServerForm } from '../../../lib/useServerForm.js';

export function LoginPage() {
  const { login, signInWithGoogle, user: signedIn, loading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [googleBusy, setGoogleBusy] = useState(false);
  // A code that came back while another account is signed in here: traded only once the user says so.
  const [switchCode, setSwitchCode] = useState<string | null>(null);
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

  const exchangeGoogleCode = useCallback(
    (code: string) => {
      setGoogleBusy(true);
      signInWithGoogle(code).then(
        ({ returnTo }) => {
          toast.success(messages.toast.loggedIn);
          navigate(returnTo, { replace: true });
        },
        (error: unknown) => {
          setGoogleBusy(false);
          setFormError(errorText(error));
        },
      );
    },
    [navigate, signInWithGoogle, setFormError],
  );

  // Back from Google: /login#google=<one-time code> or /login#googleError=<message>. The code is single
  // use, so it is read once (the ref survives StrictMode's second effect run) and taken off the address bar.
  // Whether someone is signed in here is known first: a signed-in user is asked before being switched.
  const googleHandled = useRef(false);
  useEffect(() => {
    if (googleHandled.current || loading) return;
    const back = readGoogleReturn(location.hash);
    if (!back) return;
    googleHandled.current = true;
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state });
    if ('error' in back) {
      setFormError(back.error);
      return;
    }
    if (signedIn) setSwitchCode(back.code);
    else exchangeGoogleCode(back.code);
  }, [location, navigate, loading, signedIn, exchangeGoogleCode]);

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
      <ConfirmDialog
        open={switchCode !== null}
        message={messages.ui.confirmGoogleSwitch(signedIn?.email ?? '')}
        {...messages.ui.confirmButtons.googleSwitch}
        onConfirm={() => {
          const code = switchCode;
          setSwitchCode(null);
          if (code) exchangeGoogleCode(code);
        }}
        onCancel={() => {
          setSwitchCode(null);
          navigate('/', { replace: true });
        }}
      />
    </AuthCard>
  );
}
