import { describe, expect, it } from 'vitest';
import { retryWhile } from './retryWhile';

class Outage extends Error {}
const isOutage = (e: unknown) => e instanceof Outage;

describe('retryWhile', () => {
  it('asks again through an outage with growing waits, then resolves', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryWhile(
      async () => {
        calls += 1;
        if (calls < 4) throw new Outage('away');
        return 'stored';
      },
      {
        shouldRetry: isOutage,
        policy: { baseMs: 500, factor: 2, maxMs: 8000, jitter: 0 },
        sleep: async (ms) => void waits.push(ms),
      },
    );
    expect(result).toBe('stored');
    expect(calls).toBe(4);
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it('throws a refusal at once, without waiting', async () => {
    const waits: number[] = [];
    await expect(
      retryWhile(() => Promise.reject(new Error('refused')), {
        shouldRetry: isOutage,
        sleep: async (ms) => void waits.push(ms),
      }),
    ).rejects.toThrow('refused');
    expect(waits).toEqual([]);
  });

  it('stops when the caller went away, with the last failure', async () => {
    let going = true;
    let calls = 0;
    await expect(
      retryWhile(
        () => {
          calls += 1;
          return Promise.reject(new Outage(`away ${calls}`));
        },
        {
          shouldRetry: isOutage,
          keepGoing: () => going,
          sleep: async () => {
            if (calls === 2) going = false;
          },
        },
      ),
    ).rejects.toThrow('away 2');
    expect(calls).toBe(2);
  });
});
