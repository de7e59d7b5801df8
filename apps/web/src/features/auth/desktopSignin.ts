import { desktopHandoffRequestSchema } from '@ridealong/contracts';

/** /login's redirect value that brings the member back to /desktop-signin after signing in. */
export const DESKTOP_SIGNIN_REDIRECT = 'desktop-signin';
export const DESKTOP_SIGNIN_PATH = '/desktop-signin';

/** What the desktop app sent the system browser here with (its callback, state, challenge). */
export type DesktopSigninRequest = {
  redirect_uri: string;
  state: string;
  code_challenge: string;
};

const KEY = 'ridealong.desktopSignin';

/** The request in the address, if it is a complete one the server would accept. */
export function desktopSigninFromQuery(params: URLSearchParams): DesktopSigninRequest | null {
  const parsed = desktopHandoffRequestSchema.safeParse({
    redirect_uri: params.get('redirect_uri') ?? '',
    state: params.get('state') ?? '',
    code_challenge: params.get('code_challenge') ?? '',
  });
  return parsed.success ? parsed.data : null;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Kept for this tab while the member signs in (the address loses it on the way to /login). */
export function rememberDesktopSignin(request: DesktopSigninRequest): void {
  storage()?.setItem(KEY, JSON.stringify(request));
}

export function storedDesktopSignin(): DesktopSigninRequest | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed = desktopHandoffRequestSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetDesktopSignin(): void {
  storage()?.removeItem(KEY);
}
