import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessages } from '../../../shared/messages.js';
import { authApi, googleStartUrl } from './api.js';
import { keys } from '../../lib/query-keys.js';
import { errorText } from '../../lib/form-errors.js';
import { hashParam } from '../../lib/url-fragment.js';
import { leavePage } from './leave-page.js';

const statusQuery = {
  queryKey: keys.googleStatus,
  queryFn: ({ signal }: { signal: AbortSignal }) => authApi.googleStatus(signal),
  staleTime: 60_000,
};

/**
 * "Continue with Google", offered only when the shop says Google sign-in is configured (GET
 * /api/auth/google/status): `offered` is false while that is not known, and on a shop without it.
 * `start` sends the browser to /api/auth/google/start (a full page load; the provider sends it back to
 * /login#google=<code>); should the shop have dropped Google since, `onError` gets the message to show under
 * the form, and the page stays.
 */
export function useContinueWithGoogle(returnTo: string, onError: (message: string) => void) {
  const client = useQueryClient();
  const status = useQuery(statusQuery);
  const start = async () => {
    let configured: boolean;
    try {
      configured = (await client.fetchQuery(statusQuery)).configured;
    } catch (error) {
      onError(errorText(error));
      return;
    }
    if (!configured) {
      onError(errorMessages.google.notConfigured);
      return;
    }
    leavePage(googleStartUrl(returnTo));
  };
  return { offered: status.data?.configured === true, start };
}

/** What `/login#google=<code>` or `/login#googleError=<message>` carries back from the provider round trip. */
export type GoogleReturn = { code: string } | { error: string } | null;

export function readGoogleReturn(hash: string): GoogleReturn {
  const code = hashParam(hash, 'google');
  if (code) return { code };
  const error = hashParam(hash, 'googleError');
  return error === null ? null : { error: error || errorMessages.google.failed };
}
