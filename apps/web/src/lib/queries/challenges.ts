import { activeChallengesResponseSchema } from '@ridealong/contracts';
import { activeChallengesQuery } from './firstLoad';

/**
 * GET /api/v1/challenge/active parsed with its contract, for every page but home (whose first
 * load brings no zod, see firstLoad.ts). Same key and request as the home page's copy.
 */
export const parsedActiveChallengesQuery = () =>
  activeChallengesQuery({ schema: activeChallengesResponseSchema });
