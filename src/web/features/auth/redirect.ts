import type { Location } from 'react-router';

/** Where to go after signing in: the page RequireAuth/RequireAdmin sent the user away from, or '/'. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/register') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
