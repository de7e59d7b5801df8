import { useQuery } from '@tanstack/react-query';
import { featuredChannelsQuery } from './queries';

/** GET /api/v1/users/channels/index, the first few channels (rows without videos are dropped). */
export function useFeaturedChannels() {
  return useQuery(featuredChannelsQuery());
}
