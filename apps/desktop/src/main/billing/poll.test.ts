import { describe, expect, it } from 'vitest';
import { fakeClock, flush } from '../../../test/fakes.js';
import { startPoll, type PollStep } from './poll.js';

function setup(steps: (PollStep | Error)[], maxMs = 10_000) {
  const clock = fakeClock();
  const looks: AbortSignal[] = [];
  const ends: string[] = [];
  const poll = startPoll({
    clock,
    intervalMs: 1_000,
    maxMs,
    look: async (signal) => {
      looks.push(signal);
      const step = steps.shift() ?? 'again';
      if (step instanceof Error) throw step;
      return step;
    },
    onEnd: (why) => ends.push(why),
  });
  const tick = async (ms = 1_000) => {
    clock.advance(ms);
    await flush();
  };
  return { clock, poll, looks, ends, tick };
}

describe('startPoll', () => {
  it('looks first after one interval, then again until a look says stop', async () => {
    const t = setup(['again', 'again', 'stop']);
    await flush();
    expect(t.looks).toHaveLength(0);
    await t.tick();
    expect(t.looks).toHaveLength(1);
    await t.tick();
    await t.tick();
    expect(t.looks).toHaveLength(3);
    expect(t.ends).toEqual(['done']);
    expect(t.poll.running).toBe(false);
    await t.tick(60_000);
    expect(t.looks).toHaveLength(3);
    expect(t.clock.pending()).toEqual([]);
  });

  it('keeps looking after a failed look (the network may come back)', async () => {
    const t = setup([new Error('offline'), new Error('offline'), 'stop']);
    for (let i = 0; i < 3; i += 1) await t.tick();
    expect(t.looks).toHaveLength(3);
    expect(t.ends).toEqual(['done']);
  });

  it('is bounded: no look starts after maxMs', async () => {
    const t = setup([], 10_000);
    for (let i = 0; i < 30; i += 1) await t.tick();
    expect(t.looks).toHaveLength(10);
    expect(t.ends).toEqual(['timeout']);
    expect(t.clock.pending()).toEqual([]);
  });

  it('stop() ends the watch and aborts the look under way', async () => {
    const clock = fakeClock();
    let signal: AbortSignal | null = null;
    const ends: string[] = [];
    const poll = startPoll({
      clock,
      intervalMs: 1_000,
      maxMs: 10_000,
      look: (s) => {
        signal = s;
        return new Promise<PollStep>(() => undefined);
      },
      onEnd: (why) => ends.push(why),
    });
    clock.advance(1_000);
    await flush();
    poll.stop();
    poll.stop();
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
    expect(ends).toEqual(['stopped']);
    expect(clock.pending()).toEqual([]);
  });
});
