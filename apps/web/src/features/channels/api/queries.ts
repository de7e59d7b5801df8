import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  CHANNEL_INDEX_BATCH,
  CHANNEL_PAGE_SIZE,
  channelInfoResponseSchema,
  channelsIndexResponseSchema,
} from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { channelsKeys as sharedKeys } from '../../../lib/queries/keys';
import { nextChannelStart } from '../lib/batches';

/** Query keys of this feature, under the shared roots the video pages refresh too. */
export const channelsKeys = {
  ...sharedKeys,
  explore: [...sharedKeys.index, 'explore'] as const,
  /** The owner's own view of a channel, or everyone's. */
  infoView: (userId: number, mine: boolean) =>
    [...sharedKeys.infoOf(userId), mine ? 'mine' : 'public'] as const,
};

/**
 * GET /api/v1/channel-info/: the channel's owner fields and its videos, 30 a page. The owner's
 * own view (myChannel=TRUE) includes videos still processing or hidden from the channel.
 */
export const channelInfoQuery = (userId: number, mine: boolean) =>
  infiniteQueryOptions({
    queryKey: channelsKeys.infoView(userId, mine),
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

/** GET /api/v1/users/channels/index: channels [start, end) in batches of 100, for scrolling. */
export const channelsIndexQuery = () =>
  infiniteQueryOptions({
    queryKey: channelsKeys.explore,
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
