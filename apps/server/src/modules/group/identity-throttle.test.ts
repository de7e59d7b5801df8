import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDENTITY_RELAY_GAP_MS as GAP,
  identityThrottle,
  type RelayedState,
} from './identity-throttle.js';

/** A throttle on fake timers and every relay it made: [ms since start, key, state]. */
function harness() {
  const sent: [number, string, RelayedState][] = [];
  const start = Date.now();
  const throttle = identityThrottle();
  const offer = (key: string, state: RelayedState) =>
    throttle.offer(key, state, async (s) => void sent.push([Date.now() - start, key, s]));
  return { sent, offer, throttle, at: (ms: number) => vi.setSystemTime(start + ms) };
}

describe('identityThrottle', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('relays once per gap per key while nothing changes', async () => {
    const { sent, offer, at } = harness();
    await offer('pulse:1:7', undefined);
    at(GAP - 1);
    await offer('pulse:1:7', undefined);
    await offer('pulse:1:8', undefined);
    await offer('join:1:7', undefined);
    at(GAP);
    await offer('pulse:1:7', undefined);
    expect(sent.map(([t, k]) => [t, k])).toEqual([
      [0, 'pulse:1:7'],
      [GAP - 1, 'pulse:1:8'],
      [GAP - 1, 'join:1:7'],
      [GAP, 'pulse:1:7'],
    ]);
  });

  it('lets a page’s pulses every 3 s through, jitter included', async () => {
    const { sent, offer, at } = harness();
    for (const t of [0, 2900, 6000, 8950]) {
      at(t);
      await offer('pulse:1:7', true);
    }
    expect(sent.map(([t]) => t)).toEqual([0, 2900, 6000, 8950]);
  });

  it('relays a first change at once and a quick change back at the window’s end', async () => {
    const { sent, offer, at } = harness();
    await offer('pulse:1:7', true);
    at(10);
    await offer('pulse:1:7', false);
    at(20);
    await offer('pulse:1:7', true);
    // on -> off -> on: 'off' must not be the room's last word.
    expect(sent.map(([, , s]) => s)).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(GAP);
    expect(sent).toEqual([
      [0, 'pulse:1:7', true],
      [10, 'pulse:1:7', false],
      [GAP, 'pulse:1:7', true],
    ]);
    // The trailing relay opened a window: a repeat of its state within it is dropped.
    at(GAP + 100);
    await offer('pulse:1:7', true);
    expect(sent).toHaveLength(3);
  });

  it('sends the latest waiting state, and nothing when the room already has it', async () => {
    const { sent, offer, at } = harness();
    await offer('pulse:1:7', false);
    at(5);
    await offer('pulse:1:7', true);
    at(6);
    await offer('pulse:1:7', false);
    // Back to what the room was sent last: nothing waits any more.
    at(7);
    await offer('pulse:1:7', true);
    await vi.advanceTimersByTimeAsync(GAP * 3);
    expect(sent.map(([, , s]) => s)).toEqual([false, true]);
    // A pulse without a state (v1) changes nothing and cancels nothing.
    at(GAP * 4);
    await offer('pulse:1:7', true);
    at(GAP * 4 + 1);
    await offer('pulse:1:7', false);
    await offer('pulse:1:7', true);
    await offer('pulse:1:7', undefined);
    await vi.advanceTimersByTimeAsync(GAP);
    expect(sent.map(([, , s]) => s)).toEqual([false, true, true, false, true]);
  });

  it('bounds a flood of toggles to two relays per gap and ends on the latest state', async () => {
    const { sent, offer, at } = harness();
    // 1,000 toggles over ten gaps (far beyond the flood gate), then quiet.
    for (let i = 0; i < 1000; i += 1) {
      at(Math.floor((i * 10 * GAP) / 1000));
      await offer('pulse:1:7', i % 2 === 0);
    }
    await vi.advanceTimersByTimeAsync(GAP * 2);
    expect(sent.length).toBeLessThanOrEqual(2 * 11);
    expect(sent.length).toBeGreaterThanOrEqual(10);
    // No window of one gap holds more than two relays.
    const inWindow = (t: number) => sent.filter(([u]) => u >= t && u < t + GAP).length;
    expect(Math.max(...sent.map(([t]) => inWindow(t)))).toBe(2);
    // The last toggle (i = 999) was 'off': the room ends on it.
    expect(sent.at(-1)?.[2]).toBe(false);
  });

  it('sends nothing waiting once stopped, and reports a failed trailing relay', async () => {
    const { sent, offer, at, throttle } = harness();
    await offer('pulse:1:7', true);
    await offer('pulse:1:7', false);
    await offer('pulse:1:7', true);
    throttle.stop();
    await vi.advanceTimersByTimeAsync(GAP * 2);
    expect(sent).toHaveLength(2);

    const errors: unknown[] = [];
    const failing = identityThrottle({ onError: (err) => errors.push(err) });
    at(GAP * 10);
    const send = async (s: RelayedState) => {
      if (s === true) throw new Error('room gone');
    };
    await failing.offer('k', true, async () => undefined);
    await failing.offer('k', false, send);
    await failing.offer('k', true, send);
    await vi.advanceTimersByTimeAsync(GAP);
    expect(errors).toEqual([new Error('room gone')]);
  });
});
