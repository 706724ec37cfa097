import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../../components/Spinner.js';
import { useAuth } from '../auth-context.js';
import { guardRedirectState, rememberSignedInPlace } from '../redirect.js';

/** Signed-in users only; others go to /login, which sends them back here afterwards. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn) rememberSignedInPlace(location);
  }, [signedIn, location]);
  if (loading) return <Spinner label="Checking your session" />;
  if (!user) return <Navigate to="/login" replace state={guardRedirectState(location)} />;
  return <Outlet />;
}
