import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hashParam } from '../../lib/url-fragment.js';

/**
 * The single-use token of a link the shop mailed (`/reset-password#token=…`, `/verify-email#token=…`),
 * read once when the page opens; the fragment is then taken off the address bar (a history replace), so
 * the token stays out of the history, bookmarks and shared screens. Null when the link carried none.
 */
export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => hashParam(location.hash, 'token') || null);
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state });
  }, [location, navigate]);
  return token;
}
