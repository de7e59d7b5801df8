import type { Db } from '../../db/client.js';
import { periodicTask } from '../../lib/periodic.js';
import {
  buildStandings,
  videosDueABuild,
  type StandingsBuildOptions,
} from './history-standings-build.js';

/** Rides saved since a video's last build that make it due another (level 0's capacity). */
export const STANDINGS_BUILD_THRESHOLD = 64;
const EVERY_MS = 2_000;

type Log = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * The worker's standings builder (docs/ride.md, 'History leaderboard'): every 2 s, merges the
 * rides saved since their last build into the levels of the videos with at least `threshold`
 * of them, so an answer never reads more than about that many rides past the levels. Once
 * across workers (a lease on the video's state row). Videos saved before this existed are
 * built by the same rule (their first build puts every ride in one level).
 */
export function standingsSweep(deps: {
  db: Db;
  log: Log;
  threshold?: number;
  build?: Partial<StandingsBuildOptions>;
}) {
  const { db, log } = deps;
  const threshold = deps.threshold ?? STANDINGS_BUILD_THRESHOLD;

  async function sweep(): Promise<number[]> {
    const built: number[] = [];
    for (const raceId of await videosDueABuild(db, threshold)) {
      const started = Date.now();
      try {
        const result = await buildStandings(db, raceId, {
          levelBase: threshold,
          ...deps.build,
        });
        if (result) {
          built.push(raceId);
          log.info({ raceId, ...result, ms: Date.now() - started }, 'history standings built');
        }
      } catch (err) {
        log.error({ err, raceId }, 'building history standings failed');
      }
    }
    return built;
  }

  const task = periodicTask({
    run: async () => void (await sweep()),
    firstDelayMs: EVERY_MS,
    everyMs: EVERY_MS,
    onError: (err) => log.error({ err }, 'history standings sweep failed'),
  });
  return { sweep, start: task.start, stop: task.stop };
}
