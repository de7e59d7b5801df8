import { describe, expect, it } from 'vitest';
import { nextStepDelay, secondsLeft } from './countdownClock';

describe('countdown clock', () => {
  it('shows whole seconds left, rounding up, and 0 from the deadline on', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 1)).toBe(10);
    expect(secondsLeft(10_000, 999)).toBe(10);
    expect(secondsLeft(10_000, 1000)).toBe(9);
    expect(secondsLeft(10_000, 9_999)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it('schedules each step from the deadline, so a late timer does not delay the next', () => {
    // A solo start: 10 shows for a whole second.
    expect(nextStepDelay(10_000, 10, 0)).toBe(1000);
    // The timer for 10 fired 40 ms late: 9 stays 960 ms, and Go stays at the deadline.
    expect(nextStepDelay(10_000, 9, 1040)).toBe(960);
    expect(nextStepDelay(10_000, 1, 9_500)).toBe(500);
    expect(nextStepDelay(10_000, 1, 10_200)).toBe(0);
  });

  it('starts a group countdown part-way, at the digit the deadline gives', () => {
    // Joined 3.4 s into the host's countdown: 7 shows for 0.6 s.
    const shown = secondsLeft(10_000, 3_400);
    expect(shown).toBe(7);
    expect(nextStepDelay(10_000, shown, 3_400)).toBe(600);
  });
});
