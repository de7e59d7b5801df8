import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import { gpxProfileRunner } from './off-loop.js';
import { GPX_MESSAGES } from './rules.js';

/** The worker threads themselves: answers, refusals, a thread that takes too long. */

let dir: string;
const file = (name: string) => path.join(dir, name);

/** 10 m/s north, flat for 100 s then 5 %, 300 timed points. */
function track(): string {
  const pts = Array.from({ length: 300 }, (_, t) => {
    const lat = 46 + (t * 10) / 111_195;
    const ele = 100 + Math.max(0, t - 100) * 0.5;
    const time = new Date(Date.UTC(2024, 4, 1, 8, 0, t)).toISOString();
    return `<trkpt lat="${lat.toFixed(7)}" lon="6.5"><ele>${ele}</ele><time>${time}</time></trkpt>`;
  });
  return `<gpx><trk><trkseg>${pts.join('\n')}</trkseg></trk></gpx>`;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gpx-runner-'));
  await writeFile(file('ride.gpx'), track());
  await writeFile(
    file('one.gpx'),
    '<gpx><trkpt lat="46" lon="6"><time>2024-05-01T08:00:00Z</time></trkpt></gpx>',
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('gpxProfileRunner', () => {
  const job = (name: string, offsetS = 0) => ({
    path: file(name),
    offsetS,
    durationS: 200,
    maxPoints: 1000,
  });

  it('answers the profile on the video clock, and refusals as 400s, on one kept thread', async () => {
    const runner = gpxProfileRunner({ timeoutMs: 60_000, memoryMb: 256, keepIdle: 1 });
    try {
      const { profile, coveredFromS, coveredToS } = await runner.run(job('ride.gpx', 50));
      expect(profile).toHaveLength(200);
      expect({ coveredFromS, coveredToS }).toEqual({ coveredFromS: 0, coveredToS: 200 });
      expect(profile[10]!.slopePercent).toBeCloseTo(0, 0);
      expect(profile[150]!.slopePercent).toBeCloseTo(5, 0);
      await expect(runner.run(job('ride.gpx', 1000))).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/outside the video/),
      });
      await expect(runner.run(job('one.gpx'))).rejects.toMatchObject({
        statusCode: 400,
        message: GPX_MESSAGES.noUsableTrack,
      });
      await expect(runner.run(job('missing.gpx'))).rejects.toThrow(/ENOENT/);
      // The thread that failed was replaced.
      expect((await runner.run(job('ride.gpx'))).profile).toHaveLength(200);
    } finally {
      await runner.close();
    }
  });

  it('stops a thread past its time and answers 503', async () => {
    const runner = gpxProfileRunner({ timeoutMs: 1, memoryMb: 256, keepIdle: 1 });
    try {
      const late = await runner.run(job('ride.gpx')).catch((err: unknown) => err);
      expect(late).toBeInstanceOf(HttpError);
      expect(late).toMatchObject({ statusCode: 503, message: GPX_MESSAGES.tooSlow });
    } finally {
      await runner.close();
    }
  });
});
