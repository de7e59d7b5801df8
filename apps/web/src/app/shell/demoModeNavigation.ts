/** The desktop app's attract screen (documents 000 and 001: 'the demo route'). */
export const DEMO_PATH = '/demo';
/** Where leaving demo mode goes when the rider's page is not known. */
export const DEMO_EXIT_FALLBACK = '/featured';

/** History state of /demo when demo mode took the rider there: the page they were on. */
export type DemoEntryState = { demoFrom: string };

/** A path of this app only (never '//host', a scheme or anything else a state could hold). */
const isAppPath = (value: unknown): value is string =>
  typeof value === 'string' && /^\/(?![/\\])/.test(value) && value.length <= 2048;

/** The page demo mode interrupted, from /demo's history state; null when none. */
export function demoEntryFrom(state: unknown): string | null {
  const from = (state as Partial<DemoEntryState> | null)?.demoFrom;
  if (!isAppPath(from)) return null;
  return from.split(/[?#]/, 1)[0] === DEMO_PATH ? null : from;
}

export type DemoNavigation = { to: string; replace: boolean; state?: DemoEntryState } | null;

/**
 * Where the page goes when the app says demo mode changed: on, to /demo (remembering the
 * page); off, from /demo back to that page (or /featured). An 'off' the page already knew (the
 * answer to its settings on load, the attract screen's own button) moves nothing.
 */
export function demoNavigation(input: {
  on: boolean;
  /** The page's demoMode before this event. */
  wasOn: boolean;
  pathname: string;
  search: string;
  historyState: unknown;
}): DemoNavigation {
  const atDemo = input.pathname === DEMO_PATH;
  if (input.on) {
    if (atDemo) return null;
    // Replaced both ways: /demo takes the page's place in history and gives it back.
    return { to: DEMO_PATH, replace: true, state: { demoFrom: input.pathname + input.search } };
  }
  if (!input.wasOn || !atDemo) return null;
  return { to: demoEntryFrom(input.historyState) ?? DEMO_EXIT_FALLBACK, replace: true };
}
