import { describe, expect, it } from 'vitest';
import {
  INPUT_THROTTLE_MS,
  initialIdleState,
  nextCheckAt,
  stepIdle,
  timeoutMsOf,
  type IdleEvent,
  type IdleState,
} from './idle-rule.js';

/** Runs events in order; answers the final state and every change with its time. */
function run(events: IdleEvent[], start: IdleState = initialIdleState(0)) {
  let state = start;
  const changes: Array<[number, string]> = [];
  for (const event of events) {
    const step = stepIdle(state, event);
    state = step.state;
    if (step.change) changes.push([event.at, step.change]);
  }
  return { state, changes };
}

const settings = (enterDemoModeAt: number | null, at: number): IdleEvent => ({
  kind: 'settings',
  enterDemoModeAt,
  at,
});
const tick = (at: number, toolWindowVisible = false): IdleEvent => ({
  kind: 'tick',
  at,
  toolWindowVisible,
});
const input = (at: number): IdleEvent => ({ kind: 'input', at });
const video = (playing: boolean, at: number): IdleEvent => ({ kind: 'video', playing, at });

describe('timeoutMsOf', () => {
  it('converts the setting in seconds to ms; null and nonsense turn it off', () => {
    expect(timeoutMsOf(30)).toBe(30_000);
    expect(timeoutMsOf(3600)).toBe(3_600_000);
    expect(timeoutMsOf(null)).toBeNull();
    expect(timeoutMsOf(0)).toBeNull();
    expect(timeoutMsOf(-5)).toBeNull();
    expect(timeoutMsOf(Number.NaN)).toBeNull();
  });
});

describe('stepIdle', () => {
  it('never enters demo mode while turned off', () => {
    const { state, changes } = run([tick(10_000), tick(1_000_000)]);
    expect(changes).toEqual([]);
    expect(nextCheckAt(state)).toBeNull();
  });

  it('enters demo mode once the timeout passes without input, not before', () => {
    const s = run([settings(30, 0)]).state;
    expect(nextCheckAt(s)).toBe(30_000);
    expect(run([tick(29_999)], s).changes).toEqual([]);
    const done = run([tick(30_000)], s);
    expect(done.changes).toEqual([[30_000, 'enter']]);
    expect(done.state.demoMode).toBe(true);
    // On, it waits for input; no further check.
    expect(nextCheckAt(done.state)).toBeNull();
  });

  it('counts idle time from the last input', () => {
    const { state, changes } = run([settings(30, 0), input(20_000), tick(30_000)]);
    expect(changes).toEqual([]);
    expect(nextCheckAt(state)).toBe(50_000);
    expect(run([tick(50_000)], state).changes).toEqual([[50_000, 'enter']]);
  });

  it('takes input at most once per 100 ms', () => {
    const { state } = run([settings(30, 0), input(1_000), input(1_050), input(1_099)]);
    expect(state.idleSince).toBe(1_000);
    const later = run([input(1_000 + INPUT_THROTTLE_MS)], state).state;
    expect(later.idleSince).toBe(1_100);
  });

  it('any input leaves demo mode', () => {
    const on = run([settings(30, 0), tick(30_000)]).state;
    const { state, changes } = run([input(31_000)], on);
    expect(changes).toEqual([[31_000, 'leave']]);
    expect(state.demoMode).toBe(false);
    // And the idle time starts over from that input.
    expect(nextCheckAt(state)).toBe(61_000);
  });

  it('the first input after demo mode starts is never throttled away', () => {
    const on = run([settings(10, 0), input(9_950), tick(19_950)]).state;
    expect(on.demoMode).toBe(true);
    expect(run([input(19_960)], on).changes).toEqual([[19_960, 'leave']]);
  });

  it('a visible tracker or uploader window resets the timer instead', () => {
    const { state, changes } = run([settings(30, 0), tick(30_000, true)]);
    expect(changes).toEqual([]);
    expect(state.demoMode).toBe(false);
    expect(nextCheckAt(state)).toBe(60_000);
    // Closed again: the next full timeout enters.
    expect(run([tick(60_000, false)], state).changes).toEqual([[60_000, 'enter']]);
  });

  it('a playing video holds demo mode off; idle time counts from when it stops', () => {
    const playing = run([settings(30, 0), video(true, 5_000)]).state;
    expect(nextCheckAt(playing)).toBeNull();
    expect(run([tick(500_000)], playing).changes).toEqual([]);
    const stopped = run([video(false, 600_000)], playing).state;
    expect(nextCheckAt(stopped)).toBe(630_000);
    expect(run([tick(629_999)], stopped).changes).toEqual([]);
    expect(run([tick(630_000)], stopped).changes).toEqual([[630_000, 'enter']]);
  });

  it('a repeated video message changes nothing', () => {
    const s = run([settings(30, 0), video(false, 10_000)]).state;
    expect(nextCheckAt(s)).toBe(30_000);
  });

  it('a new setting restarts the idle time; the same one (a page reload) does not', () => {
    const s = run([settings(60, 0), settings(60, 50_000)]).state;
    expect(nextCheckAt(s)).toBe(60_000);
    const changed = run([settings(30, 50_000)], s).state;
    expect(nextCheckAt(changed)).toBe(80_000);
  });

  it('turning it off stops the timer, and leaves demo mode when on', () => {
    const off = run([settings(30, 0), settings(null, 10_000)]).state;
    expect(nextCheckAt(off)).toBeNull();
    const on = run([settings(30, 0), tick(30_000)]).state;
    const { state, changes } = run([settings(null, 40_000)], on);
    expect(changes).toEqual([[40_000, 'leave']]);
    expect(state.demoMode).toBe(false);
  });

  it('the same setting sent again while on keeps demo mode', () => {
    const on = run([settings(30, 0), tick(30_000)]).state;
    const { state, changes } = run([settings(30, 35_000)], on);
    expect(changes).toEqual([]);
    expect(state.demoMode).toBe(true);
  });

  it('a late tick (the timer set before the last input) does not enter early', () => {
    const { state, changes } = run([settings(30, 0), input(29_000), tick(30_000), tick(58_999)]);
    expect(changes).toEqual([]);
    expect(nextCheckAt(state)).toBe(59_000);
  });
});
