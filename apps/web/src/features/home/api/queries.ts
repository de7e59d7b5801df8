import { queryOptions } from '@tanstack/react-query';
import { VIDEOS_PAGE_SIZE, type channelsIndexResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { activeChallengesQuery, racesPageQuery } from '../../../lib/queries/firstLoad';
import { channelsKeys } from '../../../lib/queries/keys';

// The home page's lists, part of a guest's first load: read unparsed, without zod (see
// checkedByServer in lib/api.ts and docs/architecture.md, 'What loads when').
const SERVER_CHECKED = { checkedByServer: true } as const;

/** How many channels the carousel holds; the full list is on /explore-channels. */
const CAROUSEL_CHANNELS = 12;

export const homeKeys = {
  featuredChannels: [...channelsKeys.index, 'carousel'] as const,
};

/** GET /api/v1/challenge/active: the challenges carousel (featured first). */
export const homeActiveChallengesQuery = () => activeChallengesQuery(SERVER_CHECKED);

/** GET /api/v1/races, first page: the workouts carousel shows the newest searchable videos. */
export const featuredWorkoutsQuery = () =>
  racesPageQuery(
    { currentPage: 1, pageSize: VIDEOS_PAGE_SIZE, term: '', duration: 'all' },
    SERVER_CHECKED,
  );

/** GET /api/v1/users/channels/index, the first few channels (rows without videos are dropped). */
export const featuredChannelsQuery = () =>
  queryOptions({
    queryKey: homeKeys.featuredChannels,
    queryFn: async () =>
      (
        await apiRequest<typeof channelsIndexResponseSchema>('/users/channels/index', {
          query: { start: 0, end: CAROUSEL_CHANNELS },
          checkedByServer: true,
        })
      ).data.rows,
  });
