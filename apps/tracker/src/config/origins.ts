import type { TrackerRefusal } from '@ridealong/contracts';

/** The web app in development (Vite on 5173, the server on 8080) and in production. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = [
  'http://localhost:8080',
  'http://127.0.0.1:8080',
  'http://localhost:5173',
  'https://ridealong.app',
];

/**
 * 'HTTP://LocalHost:8080/' -> 'http://localhost:8080'; null for anything that is not a bare
 * http(s) origin (a path, a query, another scheme), so a typo cannot silently allow nothing.
 */
export function normalizeOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
  return url.origin;
}

export interface OriginPolicy {
  readonly origins: readonly string[];
  /** No Origin header (the desktop app's node side, curl) is allowed; a browser page must be listed. */
  allows(origin: string | undefined): boolean;
}

export function originPolicy(origins: readonly string[]): OriginPolicy {
  const allowed = new Set(origins.map((o) => normalizeOrigin(o) ?? o));
  return {
    origins: [...allowed],
    allows: (origin) => origin === undefined || allowed.has(normalizeOrigin(origin) ?? origin),
  };
}

export function refusalFor(origin: string): TrackerRefusal {
  return {
    reason: 'origin_not_allowed',
    message:
      `This page (${origin}) may not use the tracker. To allow it, start the tracker with ` +
      `--allow-origin ${origin} or add it to TRACKER_ALLOWED_ORIGINS (comma-separated), ` +
      `then reload the page.`,
  };
}
