import {
  challengeLeaderboardRowSchema,
  challengeSchema,
  userChallengeSchema,
  type Challenge,
  type ChallengeLeaderboardRow,
  type User,
  type UserChallenge,
} from '@ridealong/contracts';
import { fixtureRace } from '../../../test/raceFixture';
import { fixtureUser as wholeUser } from '../../../test/userFixture';

export { fixtureRace };

/** Tests only: the shapes the challenge calls answer, checked against the contracts. */

export function fixtureChallenge(id: number, fields: Partial<Challenge> = {}): Challenge {
  return challengeSchema.parse({
    id,
    challenge_id: id,
    title: `Challenge ${id}`,
    description: 'Ride with us.',
    start_date: '2025-12-01',
    end_date: '2099-12-31',
    active: true,
    featured: false,
    image_url: null,
    challenge_type: 'DISTANCE_BASED',
    goal_payload: JSON.stringify({ goal: 100 }),
    participants: 4,
    videos: [],
    ...fields,
  });
}

/** A race-based challenge of videos 11, 12 and 13. */
export function fixtureRaceChallenge(id: number, fields: Partial<Challenge> = {}): Challenge {
  const videos = [fixtureRace(11), fixtureRace(12), fixtureRace(13)];
  return fixtureChallenge(id, {
    challenge_type: 'RACE_BASED',
    goal_payload: JSON.stringify({ video_subset: videos.map((v) => v.url) }),
    videos,
    ...fields,
  });
}

export function fixtureUserChallenge(
  challengeId: number,
  completion: number,
  fields: Partial<UserChallenge> = {},
): UserChallenge {
  return userChallengeSchema.parse({
    challenge_id: challengeId,
    title: `Challenge ${challengeId}`,
    challenge_type: 'DISTANCE_BASED',
    complete: completion >= 1,
    completion_percent: completion,
    status_data: {
      status: { current_total: completion * 100, average_power: 0, videosWatched: [] },
    },
    ...fields,
  });
}

export function fixtureRow(
  userId: number,
  ranking: number,
  completion = 0.5,
): ChallengeLeaderboardRow {
  return challengeLeaderboardRowSchema.parse({
    user: { id: userId, display_name: `Rider ${userId}`, photo_url: null },
    ranking,
    complete: completion >= 1,
    completion_percent: completion,
    status_data: {
      status: { current_total: completion * 100, average_power: 0, videosWatched: [] },
    },
  });
}

/** The member's whole user, as add-user and remove-user answer it. */
export function fixtureUser(id: number, userChallenges: UserChallenge[]): User {
  return wholeUser(id, { user_challenges: userChallenges });
}
