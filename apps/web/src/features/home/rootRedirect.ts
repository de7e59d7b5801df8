import { needsDesktopUpgrade, supportedDesktopVersions } from '@ridealong/contracts';

/** The demo route the desktop app shows while idle (documents 000 and 001). */
export const DEMO_ROUTE = '/demo';

export type RootDecision =
  | { kind: 'redirect'; to: string }
  /** Turn desktop mode on, open the tracker, then go to /login. */
  | { kind: 'enter-desktop' }
  /** A version this build does not know: the server's list (it may publish it) is on its way. */
  | { kind: 'wait' }
  | { kind: 'show-home' };

type Modes = { electronMode: boolean; demoMode: boolean };

/**
 * What "/" does (document 000, "Routes of the shell"): the query string first (version gate,
 * then the desktop shell's electronMode flag), then the stored modes, else the home page.
 */
export function decideRoot(
  search: URLSearchParams,
  modes: Modes,
  /** The server's supported versions (GET /desktop/downloads); null while not known yet. */
  supported: readonly string[] | null = supportedDesktopVersions(),
): RootDecision {
  const version = search.get('v');
  // The server's list holds every version this build knows, and those it publishes.
  if (version !== null && needsDesktopUpgrade(version)) {
    if (supported === null) return { kind: 'wait' };
    if (needsDesktopUpgrade(version, supported)) return { kind: 'redirect', to: '/upgrade' };
  }
  if (search.has('electronMode')) return { kind: 'enter-desktop' };
  if (modes.demoMode && modes.electronMode) return { kind: 'redirect', to: DEMO_ROUTE };
  if (modes.electronMode) return { kind: 'redirect', to: '/featured' };
  return { kind: 'show-home' };
}

/** The tracker is opened for the signed-in user, or for nobody yet (null). */
export function trackerUserId(userId: string): number | null {
  const id = Number(userId);
  return userId !== '' && Number.isFinite(id) ? id : null;
}
