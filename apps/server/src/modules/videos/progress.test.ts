import { describe, expect, it } from 'vitest';
import { throttledProgress } from './progress.js';

describe('throttledProgress', () => {
  it('writes at most once per interval, keeps order, and flushes the last value', async () => {
    let t = 0;
    const writes: number[] = [];
    const p = throttledProgress(
      async (v) => void writes.push(v),
      1000,
      () => t,
    );
    p.report(0.4);
    p.report(1.2);
    p.report(5);
    t = 500;
    p.report(7);
    t = 1000;
    p.report(9.9);
    p.report(42);
    await p.flush();
    expect(writes).toEqual([0, 9, 42]);
  });

  it('clamps and ignores repeats', async () => {
    const writes: number[] = [];
    let t = 0;
    const p = throttledProgress(
      async (v) => void writes.push(v),
      10,
      () => (t += 100),
    );
    p.report(-3);
    p.report(0);
    p.report(140);
    await p.flush();
    expect(writes).toEqual([0, 100]);
  });

  it('reports a failed write on flush', async () => {
    const p = throttledProgress(async () => Promise.reject(new Error('db down')), 0);
    p.report(3);
    await expect(p.flush()).rejects.toThrow('db down');
  });
});
