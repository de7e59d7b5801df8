import { describe, expect, it } from 'vitest';
import type { EventClock } from './point-bounds.js';
import { pointGate } from './point-gate.js';

const START = Date.parse('2030-01-01T10:00:00Z');
const waiting: EventClock = { status: 'waiting-room', timeStart: null, duration: 120 };
const started: EventClock = { status: 'in-progress', timeStart: new Date(START), duration: 120 };
const point = (elapsed_time: number) => ({
  elapsed_time,
  accumulated_power: 0,
  power: 0,
  heart_rate: 0,
  cadence: 0,
  distance: 0,
});

/** A gate over a clock the test sets, counting reads, at a time the test moves. */
function gateOver(initial: EventClock | null) {
  const state = { clock: initial, reads: 0, at: START + 60_000 };
  const admit = pointGate(
    async () => {
      state.reads += 1;
      await Promise.resolve();
      return state.clock;
    },
    () => state.at,
  );
  return { state, admit };
}

describe('pointGate', () => {
  it('reads an event’s clock once for every point arriving together', async () => {
    const { state, admit } = gateOver(started);
    await Promise.all(Array.from({ length: 50 }, () => admit(1, point(40))));
    expect(state.reads).toBe(1);
    await admit(1, point(41));
    expect(state.reads).toBe(1);
  });

  it('refuses by the clock it read, an unknown event too', async () => {
    const { admit } = gateOver(started);
    await expect(admit(1, point(86_400))).rejects.toThrow(/second 86400 has not happened yet/);
    const missing = gateOver(null);
    await expect(missing.admit(2, point(0))).rejects.toThrow('This event was not found.');
  });

  it('reads a stale clock again behind the point, so a Start counts within a second', async () => {
    const { state, admit } = gateOver(waiting);
    await expect(admit(1, point(0))).rejects.toThrow(/has not begun/);
    state.clock = started;
    // Within the second: still the waiting room, no read.
    state.at += 500;
    await expect(admit(1, point(0))).rejects.toThrow(/has not begun/);
    expect(state.reads).toBe(1);
    // Past it: judged by the last clock while the new one is read, then by the new one.
    state.at += 600;
    await expect(admit(1, point(0))).rejects.toThrow(/has not begun/);
    expect(state.reads).toBe(2);
    // Once the read's promise chain has run (every microtask before the next macrotask).
    await new Promise((r) => setImmediate(r));
    await expect(admit(1, point(40))).resolves.toBeUndefined();
  });

  it('reads a started event’s clock again only every 10 s', async () => {
    const { state, admit } = gateOver(started);
    await admit(1, point(40));
    state.at += 9_000;
    await admit(1, point(40));
    expect(state.reads).toBe(1);
    state.at += 1_000;
    await admit(1, point(40));
    expect(state.reads).toBe(2);
  });

  it('tries a failed first read again at the next point', async () => {
    let fail = true;
    const admit = pointGate(
      async () => {
        if (fail) throw new Error('database down');
        return started;
      },
      () => START + 60_000,
    );
    await expect(admit(1, point(0))).rejects.toThrow('database down');
    fail = false;
    await expect(admit(1, point(0))).resolves.toBeUndefined();
  });
});
