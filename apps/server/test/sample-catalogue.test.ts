import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { raceRoutes, races, raceSlopePoints } from '../src/db/schema.js';
import { ensureSampleCatalogue } from '../src/sample/catalogue.js';
import type { SampleVideo } from '../src/sample/catalogue-content.js';
import { backends } from './harness.js';

const video: SampleVideo = {
  url: 'sample-test-ride',
  title: 'Test Ride',
  description: 'A three-second ride.',
  creator: 'maker@example.com',
  durationS: 3,
  height: 540,
  route: {
    speedMps: 8,
    baseElevationM: 100,
    hills: [[10, 400, 0]],
    start: { lat: 45, lon: 6 },
    headingDeg: 90,
  },
  theme: { sky: [110, 160, 235], hills: [70, 100, 120], ground: [40, 110, 45] },
  sampler: true,
};
const creator = {
  email: 'maker@example.com',
  displayName: 'Maker',
  channelTitle: 'Maker Rides',
  channelDescription: 'Tests.',
};
const silent = { info: () => undefined, warn: () => undefined };
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe.each(backends)('sample catalogue ($name)', (backend) => {
  it('makes a playable video with its slope profile, once', async () => {
    const database = await backend.open();
    const mediaDir = await mkdtemp(path.join(tmpdir(), 'ra-catalogue-'));
    dirs.push(mediaDir);
    try {
      const options = {
        db: database.db,
        mediaDir,
        log: silent,
        creators: [creator],
        videos: [video],
        now: () => new Date('2026-11-05T10:00:00Z'),
      };
      expect(await ensureSampleCatalogue(options)).toBe(1);
      const [race] = await database.db.select().from(races).where(eq(races.url, video.url));
      expect(race).toMatchObject({
        status: 'ready',
        slopeSourceId: 2,
        samplerMonth: '2026-11',
        renditions: ['sd'],
      });
      expect(race!.duration).toBeCloseTo(3, 0);
      const dir = path.join(mediaDir, race!.mediaKey!);
      for (const f of ['master.m3u8', 'manifest.mpd', race!.posterFile!]) {
        expect(existsSync(path.join(dir, f))).toBe(true);
      }
      const points = await database.db
        .select()
        .from(raceSlopePoints)
        .where(eq(raceSlopePoints.raceId, race!.id));
      expect(points).toHaveLength(Math.ceil(race!.duration));
      // 10 m hills over 400 m: grades stay within ±16 %.
      for (const p of points) expect(Math.abs(p.slope)).toBeLessThan(16);
      // The route's facts and profile are made with the slope profile, not when first asked.
      const [summary] = await database.db
        .select()
        .from(raceRoutes)
        .where(eq(raceRoutes.raceId, race!.id));
      expect(summary?.summary.profile).toHaveLength(points.length);
      expect(summary?.summary.distance_m).toBeCloseTo(points.at(-1)!.distance, 0);

      expect(await ensureSampleCatalogue(options)).toBe(0);
    } finally {
      await database.close();
      await database.drop();
    }
  });
});
