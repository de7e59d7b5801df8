import { count, sql } from 'drizzle-orm';
import { challengeWindow, type ChallengeType } from '@ridealong/contracts';
import type { Db } from '../db/client.js';
import { challenges } from '../db/schema.js';

/**
 * The sample challenges of a fresh install: four running now (a featured one a short ride moves,
 * a race over three sample catalogue videos, distance and rides) and two past ones, so both
 * lists of /challenges have something. The race's videos are made in the background after
 * start, so its `videos` fill as they become ready.
 */

type SampleChallenge = {
  title: string;
  description: string;
  type: ChallengeType;
  goal?: number;
  videos?: [string, string, string];
  featured?: boolean;
  /** Days from today (UTC) of the start and end dates. */
  startDay: number;
  endDay: number;
};

export const SAMPLE_CHALLENGES: readonly SampleChallenge[] = [
  {
    title: 'Ride 60 Minutes',
    description:
      'One hour in the saddle, at any pace and in as many rides as you like. Every minute you ' +
      'ride counts toward the goal, so even a short spin before work moves the bar.',
    type: 'TIME_BASED',
    goal: 60,
    featured: true,
    startDay: -3,
    endDay: 60,
  },
  {
    title: 'Three Roads Tour',
    description:
      'Coast, mountains and vineyards: ride each of the three tour videos to the end. Take them ' +
      'in any order and on any day before the tour closes.',
    type: 'RACE_BASED',
    videos: ['sample-coastal-rollers', 'sample-alpine-foothills', 'sample-vineyard-hills'],
    startDay: -3,
    endDay: 60,
  },
  {
    title: 'Century Club',
    description:
      'Ride 100 miles before the season ends. Every saved ride adds its distance, whichever ' +
      'video you choose.',
    type: 'DISTANCE_BASED',
    goal: 100,
    startDay: -5,
    endDay: 58,
  },
  {
    title: 'Twelve Ride Streak',
    description:
      'Build the habit: save twelve rides of at least a minute each before the streak closes. ' +
      'A short spin counts as much as a long climb.',
    type: 'RIDE_BASED',
    goal: 12,
    startDay: -2,
    endDay: 61,
  },
  {
    title: 'Winter Base Miles',
    description: 'Steady winter miles to build the base for spring: 150 miles in six weeks.',
    type: 'DISTANCE_BASED',
    goal: 150,
    startDay: -70,
    endDay: -28,
  },
  {
    title: 'Power Hour',
    description: 'Hold an average of 180 watts over your rides for the month.',
    type: 'POWER_BASED',
    goal: 180,
    startDay: -40,
    endDay: -10,
  },
];

/** Any constant: processes seeding at once take turns, and only the first finds it empty. */
const SAMPLE_CHALLENGES_LOCK_KEY = 7_214_031_615;

const dayOf = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Inserts the sample challenges when there are none yet (one short transaction, under an
 * advisory lock: idempotent across restarts and processes). Returns how many it made.
 */
export async function ensureSampleChallenges(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SAMPLE_CHALLENGES_LOCK_KEY}::bigint)`);
    const [existing] = await tx.select({ n: count() }).from(challenges);
    if ((existing?.n ?? 0) > 0) return 0;
    const rows = SAMPLE_CHALLENGES.map((c) => ({
      title: c.title,
      description: c.description,
      challengeType: c.type,
      goal: c.goal ?? null,
      videoSubset: c.videos ?? [],
      featured: c.featured ?? false,
      ...challengeWindow(dayOf(now, c.startDay), dayOf(now, c.endDay)),
    }));
    await tx.insert(challenges).values(rows);
    return rows.length;
  });
}
