import { SUPPORTED_DESKTOP_VERSIONS } from '../constants.js';

/** Document 000 section 5: a `v` parameter outside the supported list must upgrade. */
export function needsDesktopUpgrade(version: string | null | undefined): boolean {
  if (version === null || version === undefined) return false;
  return !(SUPPORTED_DESKTOP_VERSIONS as readonly string[]).includes(version.trim());
}
