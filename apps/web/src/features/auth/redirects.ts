import type { User } from '@ridealong/contracts';

type SignedInUser = Pick<Partial<User>, 'accepted_terms_and_conditions'>;

/** /login for someone already signed in (document 000 section 2, Login landing). */
export function signedInLoginPath(redirectParam: string | null): string {
  if (redirectParam === 'desktop-signin') return '/desktop-signin';
  return redirectParam === 'profile' ? '/profile' : '/featured';
}

/**
 * Where a fresh sign-in lands. The terms agreement screen decides by accepted terms and
 * login_count; a member sent here from /profile who already accepted goes straight back.
 */
export function afterLoginPath(user: SignedInUser, redirectParam: string | null): string {
  // Signing the desktop app in from the system browser: back to hand it the session (the app
  // shows the terms agreement itself).
  if (redirectParam === 'desktop-signin') return '/desktop-signin';
  if (redirectParam === 'profile' && user.accepted_terms_and_conditions === true) return '/profile';
  return '/agreement';
}

/** Keeps only the redirect parameter when passing from /login to /login-email. */
export function withRedirect(path: string, redirectParam: string | null): string {
  return redirectParam ? `${path}?${new URLSearchParams({ redirect: redirectParam })}` : path;
}

/** Sign-up answers (section 7): 409 and our own refusals stay on the form; the rest move on. */
export type SignupOutcome = 'registered' | 'email-taken' | 'show-message';

export function signupOutcome(status: number | null): SignupOutcome {
  if (status === 409) return 'email-taken';
  if (status === 400 || status === 429) return 'show-message';
  return 'registered';
}

/** Recovery failures (section 8): 'user-not-found' must not reveal whether the account exists. */
export function recoveryFailureMessage(serverMessage: string, userNotFoundText: string): string {
  return serverMessage === 'user-not-found' ? userNotFoundText : serverMessage;
}
