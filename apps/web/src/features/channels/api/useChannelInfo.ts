import { useInfiniteQuery } from '@tanstack/react-query';
import { CHANNEL_PAGE_SIZE, channelInfoResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/**
 * GET /api/v1/channel-info/: the channel's owner fields and its videos, 30 a page. The owner's
 * own view (myChannel=TRUE) includes videos still processing or hidden from the channel.
 */
export function useChannelInfo(userId: number, mine: boolean) {
  return useInfiniteQuery({
    queryKey: ['channel-info', userId, mine ? 'mine' : 'public'],
    queryFn: async ({ pageParam }) =>
      (
        await apiRequest('/channel-info/', {
          query: {
            currentPage: pageParam,
            pageSize: CHANNEL_PAGE_SIZE,
            user_id: userId,
            ...(mine ? { myChannel: 'TRUE' } : { publicChannel: 'TRUE' }),
          },
          schema: channelInfoResponseSchema,
        })
      ).data,
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, page) => n + page.races.videos.length, 0);
      return loaded < last.races.total_count && last.races.videos.length > 0
        ? all.length + 1
        : undefined;
    },
    enabled: Number.isInteger(userId) && userId > 0,
    retry: false,
  });
}
