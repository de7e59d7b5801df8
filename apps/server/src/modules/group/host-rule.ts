import type { EventStatus } from '@ridealong/contracts';

/**
 * Section 4: a host who leaves (or has been absent for the presence timeout) cancels the event
 * when it has not started or nobody else is present; otherwise it goes on without them.
 */
export function hostLeavingCancels(status: EventStatus, othersPresent: number): boolean {
  if (status === 'complete') return false;
  return status === 'waiting-room' || othersPresent === 0;
}

/**
 * The seconds an event rides: the host's `duration` capped to the video's, or the video's;
 * a video whose duration is not known (0) does not cap. Whole seconds, rounded up.
 */
export function rideDuration(
  requested: number | undefined,
  videoSeconds: number | null,
): number | null {
  const video = videoSeconds !== null && videoSeconds > 0 ? videoSeconds : null;
  const seconds =
    requested === undefined ? video : video === null ? requested : Math.min(requested, video);
  return seconds === null ? null : Math.ceil(seconds);
}
