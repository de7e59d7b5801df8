import { queryOptions } from '@tanstack/react-query';
import type {
  activeChallengesResponseSchema,
  desktopDownloadsSchema,
  publicConfigSchema,
  racesResponseSchema,
  RacesQuery,
} from '@ridealong/contracts';
import { apiRequest, type SchemaOption } from '../api';
import { challengesKeys, configKeys, racesKeys } from './keys';

// The shared queries a guest's first load of '/' asks (see checkedByServer in lib/api.ts): no
// zod here, so the schemas come from the caller. The home page reads these answers unparsed
// (`{ checkedByServer: true }`); every other page passes the contract's schema.

/** GET /api/v1/config: public settings (social sign-in ids, installer and promo URLs). */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: configKeys.public,
    queryFn: async () =>
      (await apiRequest<typeof publicConfigSchema>('/config', { checkedByServer: true })).data,
    staleTime: Infinity,
  });

/**
 * GET /api/v1/desktop/downloads: the installers the server publishes and the version gate's
 * list; kept a minute, so a release published meanwhile shows on the next visit.
 */
export const desktopDownloadsQuery = () =>
  queryOptions({
    queryKey: configKeys.desktopDownloads,
    queryFn: async () =>
      (
        await apiRequest<typeof desktopDownloadsSchema>('/desktop/downloads', {
          checkedByServer: true,
        })
      ).data,
    staleTime: 60_000,
  });

/** GET /api/v1/challenge/active: the active challenges (featured first). */
export const activeChallengesQuery = (check: SchemaOption<typeof activeChallengesResponseSchema>) =>
  queryOptions({
    queryKey: challengesKeys.active,
    queryFn: async () =>
      (await apiRequest<typeof activeChallengesResponseSchema>('/challenge/active', check)).data,
  });

/** GET /api/v1/races: one page of searchable videos for a term and duration filter. */
export const racesPageQuery = (
  query: RacesQuery,
  check: SchemaOption<typeof racesResponseSchema>,
) =>
  queryOptions({
    queryKey: racesKeys.page(query),
    queryFn: async () =>
      (await apiRequest<typeof racesResponseSchema>('/races', { query, ...check })).data.races,
  });
