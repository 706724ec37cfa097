import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../shared/api.js';
import { authApi, meQuery } from './api.js';
import { getToken, setToken as storeToken, UNAUTHORIZED_EVENT } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';
import { AuthContext, type AuthState } from './auth-context.js';
import { forgetSignedInPlaces } from './redirect.js';

/** Queries that belong to the signed-in account and must not survive a sign-out. */
const PRIVATE_KEYS = [keys.me, keys.orders, keys.users, ['admin'], keys.contact, keys.sessions] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [token, setTokenState] = useState<string | null>(() => getToken());

  const forget = useCallback(() => {
    storeToken(null);
    setTokenState(null);
    for (const queryKey of PRIVATE_KEYS) client.removeQueries({ queryKey });
  }, [client]);

  // Any call answering 401 clears the token (api/client.ts); follow it here.
  useEffect(() => {
    const onUnauthorized = () => {
      setTokenState(null);
      for (const queryKey of PRIVATE_KEYS) client.removeQueries({ queryKey });
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'token' || event.key === null) setTokenState(getToken());
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
      window.removeEventListener('storage', onStorage);
    };
  }, [client]);

  const me = useQuery({ ...meQuery, enabled: Boolean(token) });

  const signIn = useCallback(
    (next: { token: string; user: User }) => {
      storeToken(next.token);
      client.setQueryData(keys.me, next.user);
      setTokenState(next.token);
      return next.user;
    },
    [client],
  );

  const value = useMemo<AuthState>(() => {
    const user = token ? (me.data ?? null) : null;
    return {
      user,
      loading: Boolean(token) && me.isPending,
      isAdmin: user?.role === 'admin',
      login: async (input) => signIn(await authApi.login(input)),
      register: async (input) => signIn(await authApi.register(input)),
      signInWithGoogle: async (code) => {
        const answer = await authApi.googleExchange(code);
        return { user: signIn(answer), returnTo: answer.returnTo };
      },
      logout: async () => {
        forgetSignedInPlaces();
        try {
          await authApi.logout();
        } catch {
          // The token is forgotten either way.
        }
        forget();
      },
      signOutLocally: forget,
    };
  }, [token, me.data, me.isPending, signIn, forget]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
