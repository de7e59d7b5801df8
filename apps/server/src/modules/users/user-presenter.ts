import type { User } from '@ridealong/contracts';
import type { UserRow } from '../../db/schema.js';
import { lateBound, type LateBound } from '../../shape/late-bound.js';
import { toUser, type PresentUser, type StravaConnection } from './presenter.js';

/**
 * The member's own User answer, which carries parts other modules own: their challenges
 * (challenges module) and their Strava connection (strava module). Those modules sit above
 * users and set their part while they are built; every answer reads both.
 */
export type UserPresenter = {
  present: PresentUser;
  challenges: LateBound<(userId: number) => Promise<User['user_challenges']>>;
  strava: LateBound<(userId: number) => Promise<StravaConnection>>;
};

export function userPresenter(): UserPresenter {
  const challenges = lateBound<(userId: number) => Promise<User['user_challenges']>>(
    "the User answer's challenges",
  );
  const strava = lateBound<(userId: number) => Promise<StravaConnection>>(
    "the User answer's Strava connection",
  );
  return {
    challenges,
    strava,
    present: async (row: UserRow) => {
      const [userChallenges, connection] = await Promise.all([
        challenges.get()(row.id),
        strava.get()(row.id),
      ]);
      return toUser(row, userChallenges, connection);
    },
  };
}
