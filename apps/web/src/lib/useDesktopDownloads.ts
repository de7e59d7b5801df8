import { useQuery } from '@tanstack/react-query';
import { desktopDownloadsQuery } from './queries/firstLoad';

/**
 * GET /api/v1/desktop/downloads: the installers the server publishes and the version gate's
 * list. One query for every download prompt, /setup, /upgrade and the gate on '/'; kept a
 * minute, so a release published meanwhile shows on the next visit.
 */
export function useDesktopDownloads() {
  // Part of the home page's first load: see checkedByServer in lib/api.ts.
  return useQuery(desktopDownloadsQuery());
}
