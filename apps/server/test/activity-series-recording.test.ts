import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySeriesSchema } from '@ridealong/contracts';
import { trackPoints } from '../src/db/schema.js';
import { SERIES_CACHE_CONTROL } from '../src/modules/tracks/routes.js';
import { backends, startServer, type TestServer } from './harness.js';
import { member, type Member } from './races-fixtures.js';
import { recordingRide, savedRide } from './strava-upload-fixtures.js';

/**
 * GET /tracks/{id}/series of a ride still recording: a ride resumed after a reload reads the
 * seconds it pushed before, for its summary. Same reader rule as a saved ride; never cached.
 */
describe.each(backends)("a recording ride's series on $name", (backend) => {
  let s: TestServer;
  let owner: Member;
  let other: Member;
  beforeAll(async () => {
    s = await startServer(backend);
    owner = await member(s, { name: 'Rita' });
    other = await member(s, { name: 'Mallory' });
  });
  afterAll(() => s.close());

  const series = (id: number, m?: Member) => s.get(`/api/v1/tracks/${id}/series`, m?.token);

  it('gives the owner the seconds pushed so far, not to be kept by the browser', async () => {
    const { trackId } = await recordingRide(s.database, { userId: owner.user.id, seconds: 25 });
    const res = await series(trackId, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = activitySeriesSchema.parse(await res.json());
    expect(body.track_id).toBe(trackId);
    expect(body.elapsed_time).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(new Set(body.power)).toEqual(new Set([200]));
    expect(body.distance[24]).toBe(192);
    // The next read sees the seconds pushed since.
    await s.database.db.insert(trackPoints).values({
      trackId,
      elapsedTime: 25,
      accumulatedPower: 26 * 200,
      power: 310,
      heartRate: 150,
      cadence: 95,
      distance: 200,
      speed: 8,
      recordedAt: new Date(),
    });
    const later = activitySeriesSchema.parse(await (await series(trackId, owner)).json());
    expect(later.elapsed_time).toHaveLength(26);
    expect(later.power.at(-1)).toBe(310);
  });

  it('a saved ride keeps its cache header', async () => {
    const { trackId } = await savedRide(s.database, owner.user.id);
    const res = await series(trackId, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(SERIES_CACHE_CONTROL);
  });

  it('refuses another member as for a saved ride, and a guest', async () => {
    const { trackId } = await recordingRide(s.database, { userId: owner.user.id, seconds: 5 });
    const refused = await series(trackId, other);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/another/) });
    expect((await series(trackId)).status).toBe(401);
  });

  it('answers a recording ride with no points yet with empty columns', async () => {
    const { trackId } = await recordingRide(s.database, { userId: owner.user.id, seconds: 1 });
    await s.database.db.delete(trackPoints).where(eq(trackPoints.trackId, trackId));
    const res = await series(trackId, owner);
    expect(res.status).toBe(200);
    const body = activitySeriesSchema.parse(await res.json());
    for (const column of [body.elapsed_time, body.power, body.distance, body.grade]) {
      expect(column).toEqual([]);
    }
  });
});
