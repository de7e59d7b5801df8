import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySeriesSchema } from '@ridealong/contracts';
import { races, raceSlopePoints, tracks } from '../src/db/schema.js';
import { SERIES_CACHE_CONTROL } from '../src/modules/tracks/routes.js';
import { SERIES_READS_PER_MINUTE } from '../src/modules/tracks/service.js';
import { backends, startServer, type TestServer } from './harness.js';
import { member, type Member } from './races-fixtures.js';
import { savedRide } from './strava-upload-fixtures.js';

/**
 * GET /tracks/{id}/series beyond its reader rule: the browser may keep it briefly, one member
 * cannot loop it, and a ride whose video was deleted still has its own seconds.
 */
describe.each(backends)(
  "an activity's series, cached, limited and without its video, on $name",
  (backend) => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startServer(backend);
    });
    afterAll(() => s.close());

    const series = (id: number, m: Member) => s.get(`/api/v1/tracks/${id}/series`, m.token);

    it('lets the browser keep a saved ride briefly and for this member only', async () => {
      const rider = await member(s, { name: 'Cora' });
      const { trackId } = await savedRide(s.database, rider.user.id);
      const res = await series(trackId, rider);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(SERIES_CACHE_CONTROL);
      expect(SERIES_CACHE_CONTROL).toMatch(/^private, max-age=\d{1,3}$/);
    });

    it("answers 429 past a member's reads per minute, and leaves other members alone", async () => {
      const looper = await member(s, { name: 'Lou' });
      const calm = await member(s, { name: 'Cal' });
      const { trackId } = await savedRide(s.database, looper.user.id);
      const { trackId: calmRide } = await savedRide(s.database, calm.user.id);
      const answers = await Promise.all(
        Array.from({ length: SERIES_READS_PER_MINUTE + 5 }, () => series(trackId, looper)),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((st) => st === 200)).toHaveLength(SERIES_READS_PER_MINUTE);
      expect(statuses.filter((st) => st === 429)).toHaveLength(5);
      const limited = answers.find((res) => res.status === 429);
      expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited?.json()).toMatchObject({ message: expect.stringMatching(/Too many/) });
      expect((await series(calmRide, calm)).status).toBe(200);
    });

    it('keeps the ride of a deleted video: its own columns, no road', async () => {
      const rider = await member(s, { name: 'Vic' });
      const { trackId } = await savedRide(s.database, rider.user.id);
      const [track] = await s.database.db.select().from(tracks).where(eq(tracks.id, trackId));
      const raceId = track!.raceId!;
      await s.database.db.insert(raceSlopePoints).values(
        Array.from({ length: 90 }, (_, second) => ({
          raceId,
          second,
          distance: second * 8,
          elevation: 100 + second * 0.16,
          speed: 8,
          slope: 2,
        })),
      );
      const before = activitySeriesSchema.parse(await (await series(trackId, rider)).json());
      expect(before.grade.every((g) => g === 2)).toBe(true);

      // The owner deletes the video: tracks.race_id goes null, the slope points go with it.
      await s.database.db.delete(races).where(eq(races.id, raceId));
      const res = await series(trackId, rider);
      expect(res.status).toBe(200);
      const after = activitySeriesSchema.parse(await res.json());
      expect(after.grade).toEqual(before.grade.map(() => null));
      expect(after.elevation).toEqual(before.elevation.map(() => null));
      const roadless = { grade: [], elevation: [] };
      expect({ ...after, ...roadless }).toEqual({ ...before, ...roadless });
      expect(after.power).toHaveLength(90);
    });
  },
);
