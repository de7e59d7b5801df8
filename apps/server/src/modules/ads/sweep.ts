import { periodicTask } from '../../lib/periodic.js';
import type { AdsRepository } from './repository.js';
import { AD_VIEWER_KEEP_DAYS, daysBefore, utcDay } from './rules.js';

/** Hourly: a day's hashes go within an hour of its end. */
export const AD_FORGET_EVERY_MS = 3600_000;
const FIRST_DELAY_MS = 15_000;

type Log = { error: (obj: object, msg: string) => void };

/**
 * Deletes viewer hashes and salts older than AD_VIEWER_KEEP_DAYS UTC days: without its day's
 * salt a hash cannot be linked to a member or an address any more. Counts stay.
 */
export function adViewerSweep(repo: AdsRepository, log: Log) {
  const sweep = (now = new Date()) =>
    repo.forgetBefore(daysBefore(utcDay(now), AD_VIEWER_KEEP_DAYS - 1));
  const task = periodicTask({
    run: () => sweep(),
    firstDelayMs: FIRST_DELAY_MS,
    everyMs: AD_FORGET_EVERY_MS,
    onError: (err) => log.error({ err }, 'forgetting ad viewers failed'),
  });
  return { sweep, start: task.start, stop: task.stop };
}
