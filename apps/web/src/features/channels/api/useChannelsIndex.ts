import { useInfiniteQuery } from '@tanstack/react-query';
import { channelsIndexQuery } from './queries';

/** GET /api/v1/users/channels/index: channels [start, end) in batches of 100, for scrolling. */
export function useChannelsIndex() {
  return useInfiniteQuery(channelsIndexQuery());
}
