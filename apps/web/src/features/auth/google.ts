/** Google's OAuth implicit flow, run in a popup that returns to /login-success. */
export const GOOGLE_AUTH_ENDPOINT = 'https://accounts.google.com/o/oauth2/v2/auth';

/** The message /login-success posts to the window that opened it. */
export type GoogleAuthMessage =
  | { type: 'ridealong:google-auth'; accessToken: string }
  | { type: 'ridealong:google-auth'; error: string };

export function googleAuthUrl(clientId: string, origin: string): string {
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${origin}/login-success`,
    response_type: 'token',
    scope: 'openid email profile',
  });
  // URLSearchParams writes spaces as '+'; Google documents %20 for the scope list.
  return `${GOOGLE_AUTH_ENDPOINT}?${params.toString().replace(/\+/g, '%20')}`;
}

/** Reads the fragment Google appends to the redirect URI ('#access_token=...&...'). */
export function googleAuthResultFromHash(hash: string): GoogleAuthMessage | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const accessToken = params.get('access_token');
  if (accessToken) return { type: 'ridealong:google-auth', accessToken };
  const error = params.get('error');
  if (error) return { type: 'ridealong:google-auth', error };
  return null;
}

export function isGoogleAuthMessage(data: unknown): data is GoogleAuthMessage {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    d.type === 'ridealong:google-auth' &&
    (typeof d.accessToken === 'string' || typeof d.error === 'string')
  );
}
