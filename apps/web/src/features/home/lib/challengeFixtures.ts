import { challengeSchema, type Challenge } from '@ridealong/contracts';
import { fixtureRace } from '../../../test/raceFixture';

export { fixtureRace };

/**
 * Tests only: challenges as GET /api/v1/challenge/active sends them, checked against the
 * contract so the tests keep to the real shapes.
 */

export function fixtureChallenge(id: number, fields: Partial<Challenge> = {}): Challenge {
  return challengeSchema.parse({
    id,
    challenge_id: id,
    title: `Challenge ${id}`,
    description: 'Ride with us.',
    start_date: '2025-12-01',
    end_date: '2025-12-31',
    active: true,
    featured: false,
    image_url: null,
    challenge_type: 'TIME_BASED',
    goal_payload: JSON.stringify({ goal: 60 }),
    participants: 4,
    videos: [],
    ...fields,
  });
}

/** A race-based challenge of three videos (20 + 30 + 40 minutes), the second with slope data. */
export function fixtureRaceChallenge(id: number, fields: Partial<Challenge> = {}): Challenge {
  const videos = [
    fixtureRace(11, { duration: 1200 }),
    fixtureRace(12, { duration: 1800, slope_source_id: 1 }),
    fixtureRace(13, { duration: 2400 }),
  ];
  return fixtureChallenge(id, {
    challenge_type: 'RACE_BASED',
    goal_payload: JSON.stringify({ video_subset: videos.map((v) => v.url) }),
    videos,
    ...fields,
  });
}
