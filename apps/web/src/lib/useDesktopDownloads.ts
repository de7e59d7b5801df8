import { useQuery } from '@tanstack/react-query';
import type { DesktopDownloads, desktopDownloadsSchema } from '@ridealong/contracts';
import { apiRequest } from './api';

/**
 * GET /api/v1/desktop/downloads: the installers the server publishes and the version gate's
 * list. One query for every download prompt, /setup, /upgrade and the gate on '/'; kept a
 * minute, so a release published meanwhile shows on the next visit.
 */
export function useDesktopDownloads() {
  return useQuery<DesktopDownloads>({
    queryKey: ['desktop-downloads'],
    queryFn: async () =>
      // Part of the home page's first load: see checkedByServer in lib/api.ts.
      (
        await apiRequest<typeof desktopDownloadsSchema>('/desktop/downloads', {
          checkedByServer: true,
        })
      ).data,
    staleTime: 60_000,
  });
}
