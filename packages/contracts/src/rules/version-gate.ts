import { DESKTOP_APP_VERSION, SUPPORTED_DESKTOP_VERSIONS } from '../constants.js';

/**
 * The versions the server supports: the documents' list (section 5), this repository's app and
 * every version its releases folder publishes. The server answers it in GET /desktop/downloads.
 */
export function supportedDesktopVersions(published: readonly string[] = []): string[] {
  return [...new Set([...SUPPORTED_DESKTOP_VERSIONS, DESKTOP_APP_VERSION, ...published])];
}

/**
 * Document 000 section 5: a `v` parameter outside the supported list must upgrade. The list is
 * the server's (above); without it, the versions known to this build.
 */
export function needsDesktopUpgrade(
  version: string | null | undefined,
  supported: readonly string[] = supportedDesktopVersions(),
): boolean {
  if (version === null || version === undefined) return false;
  return !supported.includes(version.trim());
}

const VERSION = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:-([0-9A-Za-z.-]{1,40}))?$/;

/** A release version as electron-builder writes it (major.minor.patch, optional pre-release). */
export function isDesktopVersion(value: string): boolean {
  return VERSION.test(value);
}

/**
 * Orders two release versions (negative: a is older). A pre-release sorts before its release;
 * pre-releases of one version compare as text. Not a version: sorts before every version.
 */
export function compareDesktopVersions(a: string, b: string): number {
  const x = VERSION.exec(a);
  const y = VERSION.exec(b);
  if (!x || !y) return (x ? 1 : 0) - (y ? 1 : 0);
  for (const i of [1, 2, 3]) {
    const d = Number(x[i]) - Number(y[i]);
    if (d !== 0) return d;
  }
  const [p, q] = [x[4], y[4]];
  if (p === q) return 0;
  if (p === undefined) return 1;
  if (q === undefined) return -1;
  return p < q ? -1 : 1;
}
