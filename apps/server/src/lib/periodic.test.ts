import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { periodicTask } from './periodic.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('periodicTask', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once after the first delay, then every interval, until stopped', async () => {
    let runs = 0;
    const task = periodicTask({
      run: async () => void runs++,
      firstDelayMs: 1000,
      everyMs: 10_000,
      onError: () => undefined,
    });
    task.start();
    task.start(); // a second start changes nothing
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(2);
    await task.stop();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(runs).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never overlaps itself: a slow run delays the next one', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const gate = deferred();
    const task = periodicTask({
      run: async () => {
        runs++;
        active++;
        most = Math.max(most, active);
        if (runs === 1) await gate.promise;
        active--;
      },
      firstDelayMs: 0,
      everyMs: 100,
      onError: () => undefined,
    });
    task.start();
    await vi.advanceTimersByTimeAsync(1);
    const joined = task.runNow(); // joins the run in progress
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    gate.resolve();
    await joined;
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    expect(most).toBe(1);
    await task.stop();
  });

  it('reports errors and keeps going', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const task = periodicTask({
      run: async () => {
        runs++;
        throw new Error(`boom ${runs}`);
      },
      firstDelayMs: 0,
      everyMs: 50,
      onError: (err) => errors.push(err),
    });
    task.start();
    await vi.advanceTimersByTimeAsync(120);
    expect(runs).toBe(3);
    expect(errors.map((e) => (e as Error).message)).toEqual(['boom 1', 'boom 2', 'boom 3']);
    await task.stop();
  });

  it('stop waits for the run in progress', async () => {
    const gate = deferred();
    let finished = false;
    const task = periodicTask({
      run: async () => {
        await gate.promise;
        finished = true;
      },
      firstDelayMs: 0,
      everyMs: 50,
      onError: () => undefined,
    });
    task.start();
    await vi.advanceTimersByTimeAsync(1);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(1);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(finished).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps its timer from holding the process open', () => {
    const unref = vi.spyOn(globalThis, 'setTimeout');
    const task = periodicTask({
      run: async () => undefined,
      firstDelayMs: 10,
      everyMs: 10,
      onError: () => undefined,
    });
    task.start();
    const timer = unref.mock.results.at(-1)?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    unref.mockRestore();
    return task.stop();
  });
});
