import { createContext, useContext } from 'react';
import type { User } from '../../../shared/api.js';
import type { LoginBody, RegisterBody } from './api.js';

export interface AuthState {
  /** The signed-in account, or null. */
  user: User | null;
  /** True while a stored token is being checked against GET /api/me. */
  loading: boolean;
  isAdmin: boolean;
  login(input: LoginBody): Promise<User>;
  register(input: RegisterBody): Promise<User>;
  /** Finishes "Continue with Google": trades the one-time code for a session; answers where to go next. */
  signInWithGoogle(code: string): Promise<{ user: User; returnTo: string }>;
  /** Revokes the session on the server (best effort), forgets the token and the user's cached data. */
  logout(): Promise<void>;
  /** Forgets the token locally without a server call (a non-admin on an admin route). */
  signOutLocally(): void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
