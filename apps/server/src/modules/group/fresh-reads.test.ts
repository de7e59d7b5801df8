import { describe, expect, it } from 'vitest';
import { freshReads } from './fresh-reads.js';

describe('freshReads', () => {
  it('shares a read among callers, never one that began before a caller asked', async () => {
    let version = 0;
    let reads = 0;
    const gates: Array<() => void> = [];
    const read = freshReads(async (key: string) => {
      reads += 1;
      const seen = `${key}@${version}`;
      await new Promise<void>((r) => gates.push(r));
      return seen;
    });
    const a = read('room');
    const b = read('room'); // the same read: it has not started yet
    await new Promise((r) => setImmediate(r));
    expect(reads).toBe(1);
    version = 1; // changes after the running read began
    const c = read('room');
    const d = read('room');
    gates.shift()?.();
    expect([await a, await b]).toEqual(['room@0', 'room@0']);
    await new Promise((r) => setImmediate(r));
    // c and d share the next read, begun after they asked: it sees the change.
    expect(reads).toBe(2);
    gates.shift()?.();
    expect([await c, await d]).toEqual(['room@1', 'room@1']);
  });

  it('keeps keys apart and passes a failure to that read’s callers only', async () => {
    let fail = true;
    const read = freshReads(async (key: number) => {
      if (fail) throw new Error(`read ${key} failed`);
      return key * 2;
    });
    await expect(read(1)).rejects.toThrow('read 1 failed');
    fail = false;
    expect(await Promise.all([read(1), read(2)])).toEqual([2, 4]);
  });
});
