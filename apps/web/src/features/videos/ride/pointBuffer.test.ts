import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RidePoint } from '@ridealong/contracts';
import { chunk, flushPoints, PointBuffer, type PushStatus, type StoredRide } from './pointBuffer';

const ride = (id: string, extra: Partial<StoredRide> = {}): StoredRide => ({
  client_ride_id: id,
  race_url: 'demo-video',
  race_id: 7,
  user_id: 3,
  title: 'Demo',
  track_id: 11,
  started_at: 1,
  accumulated_power: 0,
  last_elapsed: -1,
  ...extra,
});

const point = (second: number): RidePoint => ({
  elapsed_time: second,
  accumulated_power: (second + 1) * 100,
  power: 100,
  heart_rate: 120,
  cadence: 85,
  distance: second * 8,
  speed: 8,
  timestamp: 1000 + second,
});

let buffer: PointBuffer;
let dbName = '';

beforeEach(async () => {
  dbName = `rides-${Math.random()}`;
  buffer = await PointBuffer.open(dbName);
  await buffer.putRide(ride('ride-a'));
  await buffer.putRide(ride('ride-b'));
});

afterEach(() => buffer.close());

async function record(id: string, from: number, to: number) {
  for (let s = from; s < to; s += 1) await buffer.addPoint(id, point(s));
}

describe('PointBuffer', () => {
  it('keeps points per ride in video order with the ride totals', async () => {
    await buffer.addPoint('ride-a', point(2));
    await buffer.addPoint('ride-a', point(0));
    await buffer.addPoint('ride-b', point(1));
    expect((await buffer.unconfirmed('ride-a')).map((p) => p.elapsed_time)).toEqual([0, 2]);
    expect(await buffer.getRide('ride-a')).toMatchObject({
      last_elapsed: 2,
      accumulated_power: 100,
    });
    expect(await buffer.unconfirmed('ride-b')).toEqual([point(1)]);
  });

  it('survives closing and opening again (a reload)', async () => {
    await record('ride-a', 0, 3);
    buffer.close();
    buffer = await PointBuffer.open(dbName);
    expect(await buffer.unconfirmed('ride-a')).toHaveLength(3);
    expect((await buffer.unfinished('demo-video', 3)).map((r) => r.client_ride_id).sort()).toEqual([
      'ride-a',
      'ride-b',
    ]);
    expect(await buffer.unfinished('demo-video', 4)).toEqual([]);
  });

  it('forgets confirmed seconds only, and a removed ride entirely', async () => {
    await record('ride-a', 0, 4);
    await buffer.confirm('ride-a', [0, 2]);
    expect((await buffer.unconfirmed('ride-a')).map((p) => p.elapsed_time)).toEqual([1, 3]);
    await buffer.remove('ride-a');
    expect(await buffer.unconfirmed('ride-a')).toEqual([]);
    expect(await buffer.getRide('ride-a')).toBeUndefined();
    expect(await buffer.getRide('ride-b')).toBeDefined();
  });
});

describe('flushPoints', () => {
  type Call = { seconds: number[]; status: PushStatus };

  it('resends everything unconfirmed in chunks of at most 600', async () => {
    await record('ride-a', 0, 1300);
    const calls: Call[] = [];
    const left = await flushPoints(buffer, 'ride-a', async (points, status) => {
      calls.push({ seconds: points.map((p) => p.elapsed_time), status });
      return points.map((p) => p.elapsed_time);
    });
    expect(left).toBe(0);
    expect(calls.map((c) => c.seconds.length)).toEqual([600, 600, 100]);
    expect(calls.every((c) => c.status === 'recording')).toBe(true);
    expect(calls[2]?.seconds[0]).toBe(1200);
  });

  it('keeps what the ack does not list, and a batch whose push fails', async () => {
    await record('ride-a', 0, 5);
    const left = await flushPoints(buffer, 'ride-a', async (points) =>
      points.filter((p) => p.elapsed_time !== 3).map((p) => p.elapsed_time),
    );
    expect(left).toBe(1);
    await record('ride-a', 5, 7);
    await expect(
      flushPoints(buffer, 'ride-a', () => Promise.reject(new Error('disconnected'))),
    ).rejects.toThrow('disconnected');
    // Nothing is lost: the next flush sends the missing second with the new ones.
    const sent: number[] = [];
    await flushPoints(buffer, 'ride-a', async (points) => {
      sent.push(...points.map((p) => p.elapsed_time));
      return points.map((p) => p.elapsed_time);
    });
    expect(sent).toEqual([3, 5, 6]);
  });

  it("marks the last batch 'final', sending an empty one when nothing is left", async () => {
    await record('ride-a', 0, 601);
    const statuses: [number, PushStatus][] = [];
    const push = async (points: RidePoint[], status: PushStatus) => {
      statuses.push([points.length, status]);
      return points.map((p) => p.elapsed_time);
    };
    await flushPoints(buffer, 'ride-a', push, { final: true });
    await flushPoints(buffer, 'ride-a', push, { final: true });
    expect(statuses).toEqual([
      [600, 'recording'],
      [1, 'final'],
      [0, 'final'],
    ]);
  });
});

describe('chunk', () => {
  it('splits into runs of the given size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 2)).toEqual([]);
  });
});
