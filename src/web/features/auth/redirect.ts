import type { Location } from 'react-router';

/** Pages about signing in: never the place to return to after signing in. */
const SIGN_IN_PAGES = ['/login', '/register', '/forgot-password', '/reset-password', '/verify-email'];

/** Where to go after signing in: the page the user came from (a link's or a guard's `from`), or '/'. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || SIGN_IN_PAGES.includes(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * The state of a link to the login (or register, or forgot-password) page from `location`: come back here
 * afterwards. A sign-in page passes its own origin on (Login → Create a new account → Register → back).
 */
export function signInLinkState(location: Location): unknown {
  return SIGN_IN_PAGES.includes(location.pathname) ? location.state : { from: location };
}

/**
 * History entries (location keys) of login-required pages seen while signed in, and those of a user who
 * then logged out. Going Back to such a page after a logout asks to log in again, but must not take the
 * next person who does so to the previous user's page (their order, their payment).
 */
const signedInPlaces = new Set<string>();
const forgottenPlaces = new Set<string>();

export function rememberSignedInPlace(location: Location): void {
  signedInPlaces.add(location.key);
}

/** On logout: every place of this session is forgotten as a place to return to. */
export function forgetSignedInPlaces(): void {
  for (const key of signedInPlaces) forgottenPlaces.add(key);
  signedInPlaces.clear();
}

/** The login redirect's state for a guarded page: return there afterwards, unless it was a logged-out user's. */
export function guardRedirectState(location: Location): { from: Location } | undefined {
  return forgottenPlaces.has(location.key) ? undefined : { from: location };
}
