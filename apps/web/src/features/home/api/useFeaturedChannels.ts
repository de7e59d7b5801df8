import { useQuery } from '@tanstack/react-query';
import type { channelsIndexResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** How many channels the carousel holds; the full list is on /explore-channels. */
const CAROUSEL_CHANNELS = 12;

/** GET /api/v1/users/channels/index, the first few channels (rows without videos are dropped). */
export function useFeaturedChannels() {
  return useQuery({
    queryKey: ['channels-index', 'carousel'],
    queryFn: async () =>
      (
        await apiRequest<typeof channelsIndexResponseSchema>('/users/channels/index', {
          query: { start: 0, end: CAROUSEL_CHANNELS },
          checkedByServer: true,
        })
      ).data.rows,
  });
}
