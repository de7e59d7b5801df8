import { GROUP, type EventStatus, type GroupPoint } from '@ridealong/contracts';
import { lastAllowedSecond, RIDE_BOUNDS } from '../tracks/index.js';

/** What bounding a point reads of its event (the row's columns). */
export type EventClock = {
  status: EventStatus;
  timeStart: Date | null;
  /** The seconds the event rides (the video's, capped at Start); null when unknown. */
  duration: number | null;
};

/**
 * Seconds a point may run ahead of the event's clock: the client places the event's second
 * by the offset it measured (half a round trip off at worst), its video may drift a second
 * before it is moved back, and a point is a whole second rounded up. Beyond this, a second
 * has not happened yet.
 */
export const POINT_CLOCK_SLACK_SECONDS = 5;

export const POINT_REFUSALS = {
  notStarted: 'This event’s ride has not begun: points count from the end of its countdown.',
  over: 'This event is over.',
  ahead: (second: number, latest: number) =>
    `point.elapsed_time: second ${second} has not happened yet in this event (at most ${latest}).`,
  tooMuchPower: 'point.accumulated_power: more than the seconds ridden can hold.',
} as const;

/**
 * The last second of video a point may carry at `nowMs`: the event's own clock (seconds since
 * its countdown ended, plus the slack) and the video's length, whichever is smaller; null
 * before Start. The client's `elapsed_time` is never trusted to say how long anyone rode.
 */
export function latestEventSecond(event: EventClock, nowMs: number): number | null {
  if (!event.timeStart) return null;
  const sinceGo = (nowMs - event.timeStart.getTime()) / 1000 - GROUP.countdownSeconds;
  const byClock = Math.floor(sinceGo + POINT_CLOCK_SLACK_SECONDS);
  return Math.min(byClock, lastAllowedSecond(event.duration ?? 0));
}

/**
 * Why a group point cannot be on the leaderboard, or null when it can: points count only in a
 * started, unfinished event, at a second the event has reached, with no more
 * accumulated_power than those seconds could hold at the power bound (a made-up total would
 * lead everyone's board).
 */
export function pointRefusal(
  event: EventClock,
  point: Pick<GroupPoint, 'elapsed_time' | 'accumulated_power'>,
  nowMs: number,
): string | null {
  if (event.status === 'complete') return POINT_REFUSALS.over;
  const latest = event.status === 'in-progress' ? latestEventSecond(event, nowMs) : null;
  if (latest === null || latest < 0) return POINT_REFUSALS.notStarted;
  if (point.elapsed_time > latest) return POINT_REFUSALS.ahead(point.elapsed_time, latest);
  const seconds = Math.min(point.elapsed_time, latest) + 1;
  if (point.accumulated_power > seconds * RIDE_BOUNDS.maxPowerWatts) {
    return POINT_REFUSALS.tooMuchPower;
  }
  return null;
}
