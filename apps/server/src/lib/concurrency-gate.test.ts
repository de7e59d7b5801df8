import { describe, expect, it } from 'vitest';
import { concurrencyGate } from './concurrency-gate.js';

/** A task that ends when the test says so. */
function deferred() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  return { done, end };
}

describe('concurrencyGate', () => {
  it('runs at most `limit` tasks at once, the others in order as slots free up', async () => {
    const gate = concurrencyGate({ limit: 2, maxWaiting: 10, busy: () => new Error('busy') });
    const tasks = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    const runs = tasks.map((t, i) =>
      gate.run(async () => {
        started.push(i);
        await t.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.stats()).toEqual({ peak: 2, active: 2, waiting: 3 });
    tasks[1]!.end();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const t of tasks) t.end();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(gate.stats()).toEqual({ peak: 2, active: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const gate = concurrencyGate({ limit: 1, maxWaiting: 10, busy: () => new Error('busy') });
    await expect(gate.run(() => Promise.reject(new Error('argon2 said no')))).rejects.toThrow(
      'argon2 said no',
    );
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next');
    expect(gate.stats().active).toBe(0);
  });

  it('refuses at once beyond maxWaiting, and takes tasks again once there is room', async () => {
    const gate = concurrencyGate({ limit: 1, maxWaiting: 1, busy: () => new Error('busy') });
    const first = deferred();
    const running = gate.run(() => first.done);
    const queued = gate.run(() => Promise.resolve('queued'));
    await expect(gate.run(() => Promise.resolve('late'))).rejects.toThrow('busy');
    first.end();
    await running;
    expect(await queued).toBe('queued');
    expect(await gate.run(() => Promise.resolve('again'))).toBe('again');
  });
});
