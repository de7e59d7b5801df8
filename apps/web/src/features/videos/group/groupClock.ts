import { GROUP, lateJoinSecond } from '@ridealong/contracts';

/**
 * Group time (docs/group.md): every moment of an event is on the server's clock, and a page
 * whose own clock is off (by minutes, in the e2e test) corrects by the offset it measures.
 * Pure: the session and the hook pass their clock readings in.
 */

/** One measurement of the server's clock against this page's. */
export type ClockSample = {
  /** Server time minus local time, in ms. */
  offsetMs: number;
  /** The request's round trip: the measurement's uncertainty is half of it. */
  roundTripMs: number;
};

/**
 * The offset an answer carrying `serverNow` gives: the server read its clock somewhere in the
 * round trip, taken as its middle, so at receipt the server's clock reads serverNow plus half
 * the round trip.
 */
export function clockSample(serverNow: number, sentAt: number, receivedAt: number): ClockSample {
  const roundTripMs = Math.max(0, receivedAt - sentAt);
  return { offsetMs: serverNow + roundTripMs / 2 - receivedAt, roundTripMs };
}

/** The shorter round trip measures better: it is kept, the other dropped. */
export function betterSample(current: ClockSample | null, next: ClockSample): ClockSample {
  return current && current.roundTripMs <= next.roundTripMs ? current : next;
}

/** When the event's countdown ends on the server's clock: second 0 of the video for everyone. */
export function goMoment(timeStart: number): number {
  return timeStart + GROUP.countdownSeconds * 1000;
}

/** The event's second of video at `serverNow` (negative during the countdown). */
export function eventSecond(timeStart: number, serverNow: number): number {
  return (serverNow - goMoment(timeStart)) / 1000;
}

/**
 * How this rider's ride begins: during the countdown, at the server's go moment (turned into
 * this page's clock) from second 0; after it, at once from the late-join second (section 4).
 */
export type StartPlan =
  { kind: 'countdown'; goAtLocal: number } | { kind: 'late'; fromSecond: number };

export function startPlan(timeStart: number, offsetMs: number, localNow: number): StartPlan {
  const serverNow = localNow + offsetMs;
  if (serverNow < goMoment(timeStart)) {
    return { kind: 'countdown', goAtLocal: goMoment(timeStart) - offsetMs };
  }
  return { kind: 'late', fromSecond: lateJoinSecond(timeStart, serverNow) };
}

/**
 * Where the video should be moved to keep with the event, or null to leave it: only when it is
 * further than the sync margin from the event's time, and never past the video's end (the
 * rider then finishes on their own).
 */
export function driftTarget(videoTime: number, eventTime: number, duration: number): number | null {
  if (eventTime < 0) return null;
  if (duration > 0 && eventTime >= duration) return null;
  return Math.abs(videoTime - eventTime) > GROUP.syncMarginSeconds ? eventTime : null;
}
