import { GROUP, type EventStatus } from '@ridealong/contracts';

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

/**
 * Whether a started event's video has run out at `atMs` (its countdown and duration after
 * Start): a joiner would start past the end, so the join is refused even during the grace
 * before the sweep completes it.
 */
export function videoOver(
  event: { status: EventStatus; timeStart: Date | null; duration: number | null },
  atMs: number,
): boolean {
  if (event.status !== 'in-progress' || !event.timeStart || event.duration === null) return false;
  return atMs >= event.timeStart.getTime() + (GROUP.countdownSeconds + event.duration) * 1000;
}
