import { useInfiniteQuery } from '@tanstack/react-query';
import { CHANNEL_INDEX_BATCH, channelsIndexResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { nextChannelStart } from '../lib/batches';

/** GET /api/v1/users/channels/index: channels [start, end) in batches of 100, for scrolling. */
export function useChannelsIndex() {
  return useInfiniteQuery({
    queryKey: ['channels-index', 'explore'],
    queryFn: async ({ pageParam }) => {
      const { data } = await apiRequest('/users/channels/index', {
        query: { start: pageParam, end: pageParam + CHANNEL_INDEX_BATCH },
        schema: channelsIndexResponseSchema,
      });
      return { start: pageParam, count: data.count[0]?.count ?? 0, rows: data.rows };
    },
    initialPageParam: 0,
    getNextPageParam: (last) => nextChannelStart(last.start, last.count, CHANNEL_INDEX_BATCH),
  });
}
