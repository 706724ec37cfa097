/** What the browser shows for Google sign-in (login form's red text). */
export const googleMessages = {
  notConfigured: 'Google sign-in is not configured on this shop',
  cancelled: 'Google sign-in was cancelled',
  expiredOrTampered: 'Your Google sign-in expired or was tampered with, please try again',
  failed: 'Google sign-in failed, please try again',
  unverifiedEmail: 'Your Google e-mail address is not verified',
} as const;

export type GoogleFailure = Exclude<keyof typeof googleMessages, 'notConfigured'>;
