import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsAdmin } from '../api.js';
import { Spinner } from '../../../components/Spinner.js';
import { useAuth } from '../auth-context.js';

/**
 * Admin routes (docs/legacy-contract.md#sign-in-and-guards): the admin flag comes from GET /api/admin/:email. A user who is not an
 * admin is signed out (token removed) and sent to /login, keeping the page they tried to open.
 */
export function RequireAdmin() {
  const { user, loading, signOutLocally } = useAuth();
  const location = useLocation();
  const flag = useIsAdmin(user?.email);
  const denied = !loading && (!user || flag.isError || (flag.isSuccess && !flag.data.admin));

  useEffect(() => {
    if (denied && user) signOutLocally();
  }, [denied, user, signOutLocally]);

  if (denied) return <Navigate to="/login" replace state={{ from: location }} />;
  if (loading || flag.isPending) return <Spinner label="Checking your permissions" />;
  return <Outlet />;
}
