import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/support/manual-clock.js';
import { ReconnectTimers, reconnectDelayMs } from './reconnect.js';

describe('reconnectDelayMs', () => {
  it('starts at 1 s, doubles and stops at 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 50, 5000].map((n) => reconnectDelayMs(n))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000,
    ]);
  });

  it('takes other bounds', () => {
    expect(reconnectDelayMs(2, { firstMs: 100, maxMs: 300 })).toBe(300);
    expect(reconnectDelayMs(-1, { firstMs: 100, maxMs: 300 })).toBe(100);
  });
});

describe('ReconnectTimers', () => {
  it('keeps one pending attempt per device and cancels on request', () => {
    const clock = new ManualClock();
    const timers = new ReconnectTimers(clock);
    const runs: string[] = [];
    timers.schedule('a', 0, () => runs.push('a1'));
    timers.schedule('a', 1, () => runs.push('a2')); // replaces a1, waits 2 s
    timers.schedule('b', 0, () => runs.push('b'));
    clock.advance(1000);
    expect(runs).toEqual(['b']);
    clock.advance(1000);
    expect(runs).toEqual(['b', 'a2']);
    timers.schedule('c', 0, () => runs.push('c'));
    timers.cancelAll();
    clock.advance(60_000);
    expect(runs).toEqual(['b', 'a2']);
  });
});
