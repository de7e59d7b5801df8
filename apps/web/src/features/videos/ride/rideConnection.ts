/**
 * When a ride counts its connection as away (issue 11), and what the rider is offered then.
 * Pure: the hook (useRideOutage) owns the listeners and timers.
 */
export type ConnectionSignals = {
  /** The browser's own view (navigator.onLine, the online/offline events). */
  online: boolean;
  /** The /ride channel is connected and the server has answered add-track on it. */
  linked: boolean;
  /** The player is retrying media requests. */
  playerAway: boolean;
  /**
   * The local tracker's connection is being retried (the trainer's samples will be back in a
   * moment). A tracker that gave up does not hold the ride: it goes on with placeholder seconds.
   */
  trackerRetrying: boolean;
};

/** Away when any says so: the ride cannot go on well without all of them. */
export function connectionAway({
  online,
  linked,
  playerAway,
  trackerRetrying,
}: ConnectionSignals): boolean {
  return !online || !linked || playerAway || trackerRetrying;
}

/** A blip shorter than this is ridden through: points are kept locally meanwhile anyway. */
export const OUTAGE_GRACE_MS = 1500;
/** Seconds of the countdown before a waiting ride goes on. */
export const RESUME_COUNTDOWN_SECONDS = 3;
/** After this long away the rider is offered to save or discard instead of waiting. */
export const OUTAGE_CHOICES_AFTER_MS = 2 * 60 * 1000;

/** Whether the long-outage choices show: away long enough, and not put off by 'Keep waiting'. */
export function outageChoicesDue(
  awaySince: number | null,
  now: number,
  putOffUntil: number | null,
): boolean {
  if (awaySince === null) return false;
  const due = Math.max(awaySince + OUTAGE_CHOICES_AFTER_MS, putOffUntil ?? 0);
  return now >= due;
}

/** 'Keep waiting' puts the choices off for another stretch of the same length. */
export function putOffChoices(now: number): number {
  return now + OUTAGE_CHOICES_AFTER_MS;
}
