import { needsDesktopUpgrade } from '@ridealong/contracts';

/** The demo route the desktop app shows while idle (documents 000 and 001). */
export const DEMO_ROUTE = '/demo';

export type RootDecision =
  | { kind: 'redirect'; to: string }
  /** Turn desktop mode on, open the tracker, then go to /login. */
  | { kind: 'enter-desktop' }
  | { kind: 'show-home' };

type Modes = { electronMode: boolean; demoMode: boolean };

/**
 * What "/" does (document 000, "Routes of the shell"): the query string first (version gate,
 * then the desktop shell's electronMode flag), then the stored modes, else the home page.
 */
export function decideRoot(search: URLSearchParams, modes: Modes): RootDecision {
  const version = search.get('v');
  if (version !== null && needsDesktopUpgrade(version)) return { kind: 'redirect', to: '/upgrade' };
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
