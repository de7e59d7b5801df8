import { describe, expect, it } from 'vitest';
import { Decoder, Stream } from '@garmin/fitsdk';
import { encodeFit, fitFileName, fitMessages } from './fit-file.js';
import type { PointValues } from './gap-fill.js';

const startedAt = new Date('2025-05-01T07:30:00.400Z');
const points: PointValues[] = Array.from({ length: 30 }, (_, s) => ({
  elapsedTime: s,
  accumulatedPower: (s + 1) * 200,
  power: 200 + (s % 3),
  heartRate: 120 + s,
  cadence: 85,
  distance: s * 7.5,
  speed: 7.5,
  recordedAt: new Date(startedAt.getTime() + s * 1000),
}));
const track = {
  id: 42,
  title: 'Col du Galibier!',
  startedAt,
  duration: 30,
  totalDistance: 217.5,
  accumulatedPower: 6000,
};

describe('FIT activity file', () => {
  it('builds file_id, start, a record per point, stop, lap, session and activity in order', () => {
    const kinds = fitMessages(track, points).map((m) => m.mesgNum);
    expect(kinds[0]).toBe(0);
    expect(kinds.length).toBe(points.length + 6);
  });

  it('decodes with the SDK: intact, cycling / virtual activity, one record per second', async () => {
    const bytes = await encodeFit(fitMessages(track, points));
    const decoder = new Decoder(Stream.fromByteArray(Array.from(bytes)));
    expect(decoder.isFIT()).toBe(true);
    expect(decoder.checkIntegrity()).toBe(true);
    const { messages, errors } = decoder.read();
    expect(errors).toEqual([]);
    expect(messages.fileIdMesgs?.[0]?.type).toBe('activity');
    const records = messages.recordMesgs ?? [];
    expect(records).toHaveLength(points.length);
    expect(records[0]).toMatchObject({ power: 200, heartRate: 120, cadence: 85, distance: 0 });
    expect(records[29]?.distance).toBeCloseTo(217.5, 1);
    const times = records.map((r) => (r.timestamp as Date).getTime());
    expect(times[1]! - times[0]!).toBe(1000);
    const session = messages.sessionMesgs?.[0];
    expect(session).toMatchObject({ sport: 'cycling', subSport: 'virtualActivity', avgPower: 200 });
    expect(session?.totalDistance).toBeCloseTo(217.5, 1);
    expect(messages.lapMesgs).toHaveLength(1);
    expect(messages.activityMesgs?.[0]?.numSessions).toBe(1);
    expect(messages.eventMesgs?.map((e) => e.eventType)).toEqual(['start', 'stopAll']);
  });

  it('encodes in slices of time, yielding between them', async () => {
    const long = Array.from({ length: 300 }, (_, s) => ({ ...points[0]!, elapsedTime: s }));
    let turns = 0;
    const count = async () => {
      turns += 1;
    };
    // A budget of 0 ms yields after every message; the file is the same.
    const sliced = await encodeFit(fitMessages(track, long), count, 0);
    expect(turns).toBe(long.length + 6);
    expect(sliced).toEqual(await encodeFit(fitMessages(track, long), count, 1e9));
    const decoder = new Decoder(Stream.fromByteArray(Array.from(sliced)));
    expect(decoder.checkIntegrity()).toBe(true);
    expect(decoder.read().messages.recordMesgs).toHaveLength(long.length);
  });

  it('names the download after the ride', () => {
    expect(fitFileName(track)).toBe('ridealong-42-col-du-galibier.fit');
    expect(fitFileName({ id: 7, title: '!!!' })).toBe('ridealong-7.fit');
  });
});
