import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/support/manual-clock.js';
import { GradeThrottle } from './grade-throttle.js';

function setup(minIntervalMs = 500) {
  const clock = new ManualClock();
  const sent: { grade: number; at: number }[] = [];
  const throttle = new GradeThrottle({
    clock,
    minIntervalMs,
    send: (grade) => sent.push({ grade, at: clock.now() }),
  });
  return { clock, sent, throttle, t0: clock.now() };
}

describe('GradeThrottle', () => {
  it('sends the first value at once', () => {
    const { sent, throttle, t0 } = setup();
    throttle.submit(3);
    expect(sent).toEqual([{ grade: 3, at: t0 }]);
  });

  it('drops a value equal to the last one sent', () => {
    const { clock, sent, throttle } = setup();
    throttle.submit(3);
    clock.advance(1000);
    throttle.submit(3);
    clock.advance(1000);
    expect(sent.map((s) => s.grade)).toEqual([3]);
  });

  it('sends at most once per interval and the latest value wins', () => {
    const { clock, sent, throttle, t0 } = setup();
    throttle.submit(1);
    throttle.submit(2);
    throttle.submit(3);
    clock.advance(100);
    throttle.submit(4);
    expect(sent).toHaveLength(1);
    clock.advance(400);
    expect(sent).toEqual([
      { grade: 1, at: t0 },
      { grade: 4, at: t0 + 500 },
    ]);
  });

  it('keeps a flood of 100 values in one second to 2 sends, ending on the last value', () => {
    const { clock, sent, throttle, t0 } = setup();
    for (let i = 0; i < 100; i++) {
      throttle.submit(i / 10);
      clock.advance(9); // 100 values within 900 ms
    }
    expect(sent.filter((s) => s.at < t0 + 1000)).toHaveLength(2);
    clock.advance(2000);
    expect(sent.at(-1)?.grade).toBe(9.9);
    for (let i = 1; i < sent.length; i++) {
      expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(500);
    }
  });

  it('drops a pending value when the latest one equals what was sent', () => {
    const { clock, sent, throttle } = setup();
    throttle.submit(5);
    throttle.submit(6);
    throttle.submit(5); // back to what the trainer has
    clock.advance(1000);
    expect(sent.map((s) => s.grade)).toEqual([5]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('sends after a quiet interval without waiting', () => {
    const { clock, sent, throttle, t0 } = setup();
    throttle.submit(1);
    clock.advance(700);
    throttle.submit(2);
    expect(sent).toEqual([
      { grade: 1, at: t0 },
      { grade: 2, at: t0 + 700 },
    ]);
  });

  it('resends the same value after reset(), still respecting the interval', () => {
    const { clock, sent, throttle, t0 } = setup();
    throttle.submit(2);
    throttle.reset();
    throttle.submit(2);
    expect(sent).toHaveLength(1);
    clock.advance(500);
    expect(sent).toEqual([
      { grade: 2, at: t0 },
      { grade: 2, at: t0 + 500 },
    ]);
  });

  it('sends nothing more after dispose()', () => {
    const { clock, sent, throttle } = setup();
    throttle.submit(1);
    throttle.submit(2);
    throttle.dispose();
    clock.advance(1000);
    expect(sent.map((s) => s.grade)).toEqual([1]);
  });
});
