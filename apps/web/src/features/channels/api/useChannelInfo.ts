import { useInfiniteQuery } from '@tanstack/react-query';
import { channelInfoQuery } from './queries';

/** GET /api/v1/channel-info/: the channel's owner fields and its videos, 30 a page. */
export function useChannelInfo(userId: number, mine: boolean) {
  return useInfiniteQuery(channelInfoQuery(userId, mine));
}
