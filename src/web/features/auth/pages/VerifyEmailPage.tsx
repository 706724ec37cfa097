import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { authApi } from '../api.js';
import { useAuth } from '../auth-context.js';
import { AuthCard } from '../components/AuthCard.js';
import { useLinkToken } from '../link-token.js';
import { Notice } from '../../../components/Notice.js';
import { Spinner } from '../../../components/Spinner.js';
import { errorText } from '../../../lib/form-errors.js';
import { keys } from '../../../lib/query-keys.js';

/** The page a confirmation e-mail links to (`/verify-email#token=…`): confirms the address on opening. */
export function VerifyEmailPage() {
  const token = useLinkToken();
  const { user } = useAuth();
  const client = useQueryClient();
  const verify = useMutation({
    mutationFn: (linkToken: string) => authApi.verifyEmail({ token: linkToken }),
    // A signed-in account's record now says "confirmed".
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: keys.me }), client.invalidateQueries({ queryKey: keys.users })]),
  });

  // The token is single use: sent once (the ref survives StrictMode's second effect run).
  const sent = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const next = user ? (
    <Link to="/dashboard/profile" className="font-semibold text-brand-700 underline hover:text-brand-800">
      Go to My Profile
    </Link>
  ) : (
    <Link to="/login" className="font-semibold text-brand-700 underline hover:text-brand-800">
      Login
    </Link>
  );

  return (
    <AuthCard title="Confirm your e-mail address" footer={next}>
      <title>Confirm your e-mail address – Partsmith</title>
      {!token ? (
        <Notice tone="error">
          <p>{errorMessages.verifyLinkInvalid}</p>
        </Notice>
      ) : verify.isSuccess ? (
        <Notice tone="success">
          <p>{messages.ui.emailVerified}</p>
        </Notice>
      ) : verify.isError ? (
        <Notice tone="error">
          <p>{errorText(verify.error)}</p>
        </Notice>
      ) : (
        <Spinner label={messages.ui.emailVerifying} inline />
      )}
    </AuthCard>
  );
}
