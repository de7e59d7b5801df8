import { describe, expect, it } from 'vitest';
import {
  latestEventSecond,
  pointRefusal,
  POINT_CLOCK_SLACK_SECONDS,
  POINT_REFUSALS,
  type EventClock,
} from './point-bounds.js';

const START = Date.parse('2030-01-01T10:00:00Z');
/** `s` seconds after the host's Start (the countdown ends at 10). */
const after = (s: number) => START + s * 1000;
const started = (duration: number | null = 3600): EventClock => ({
  status: 'in-progress',
  timeStart: new Date(START),
  duration,
});
const point = (elapsed_time: number, accumulated_power = 0) => ({
  elapsed_time,
  accumulated_power,
});

describe('latestEventSecond', () => {
  it('is the seconds since the countdown ended plus the slack, whole', () => {
    expect(latestEventSecond(started(), after(10))).toBe(POINT_CLOCK_SLACK_SECONDS);
    expect(latestEventSecond(started(), after(70.9))).toBe(60 + POINT_CLOCK_SLACK_SECONDS);
    expect(latestEventSecond(started(), after(3))).toBe(-7 + POINT_CLOCK_SLACK_SECONDS);
  });

  it('never passes the video’s end (the /ride bound), nor 6 h when the length is unknown', () => {
    expect(latestEventSecond(started(120), after(10_000))).toBe(126);
    expect(latestEventSecond(started(null), after(100_000))).toBe(6 * 3600);
  });

  it('is null before Start', () => {
    const waiting: EventClock = { status: 'waiting-room', timeStart: null, duration: null };
    expect(latestEventSecond(waiting, after(100))).toBeNull();
  });
});

describe('pointRefusal', () => {
  it('refuses the 86,400 s point 3 s after Start (issue 21), and any point in the countdown', () => {
    expect(pointRefusal(started(), point(86_400, 345_604_000), after(3))).toBe(
      POINT_REFUSALS.notStarted,
    );
    expect(pointRefusal(started(), point(0), after(4))).toBe(POINT_REFUSALS.notStarted);
  });

  it('refuses every point in the waiting room and once the event is over', () => {
    const waiting: EventClock = { status: 'waiting-room', timeStart: null, duration: 3600 };
    expect(pointRefusal(waiting, point(0), after(100))).toBe(POINT_REFUSALS.notStarted);
    // A waiting-room row with a time (never written, but not trusted either).
    expect(pointRefusal({ ...waiting, timeStart: new Date(START) }, point(0), after(100))).toBe(
      POINT_REFUSALS.notStarted,
    );
    expect(pointRefusal({ ...started(), status: 'complete' }, point(5), after(100))).toBe(
      POINT_REFUSALS.over,
    );
  });

  it('accepts seconds up to the event’s clock and refuses the ones it has not reached', () => {
    const now = after(70); // second 60 of the video
    expect(pointRefusal(started(), point(60, 61 * 250), now)).toBeNull();
    expect(pointRefusal(started(), point(65), now)).toBeNull();
    expect(pointRefusal(started(), point(66), now)).toBe(POINT_REFUSALS.ahead(66, 65));
    expect(pointRefusal(started(), point(86_400, 345_604_000), now)).toMatch(
      /^point\.elapsed_time: second 86400 has not happened yet/,
    );
  });

  it('refuses seconds past the video’s end, whatever the clock', () => {
    expect(pointRefusal(started(120), point(126), after(1000))).toBeNull();
    expect(pointRefusal(started(120), point(127), after(1000))).toBe(
      POINT_REFUSALS.ahead(127, 126),
    );
  });

  it('bounds the sum by the seconds at 4,000 W', () => {
    const now = after(70);
    expect(pointRefusal(started(), point(60, 61 * 4000), now)).toBeNull();
    expect(pointRefusal(started(), point(60, 61 * 4000 + 1), now)).toBe(
      POINT_REFUSALS.tooMuchPower,
    );
    expect(pointRefusal(started(), point(0, 1e9), now)).toBe(POINT_REFUSALS.tooMuchPower);
  });
});
