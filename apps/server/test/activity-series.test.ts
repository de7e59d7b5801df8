import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_SERIES_MAX_SECONDS, activitySeriesSchema } from '@ridealong/contracts';
import { raceSlopePoints, trackPoints, tracks, users } from '../src/db/schema.js';
import { backends, startServer, type TestServer } from './harness.js';
import { member, type Member } from './races-fixtures.js';
import { recordingRide, savedRide } from './strava-upload-fixtures.js';

/** GET /tracks/{id}/series: a saved ride's seconds for its activity page (issue 23). */
describe.each(backends)("an activity's series on $name", (backend) => {
  let s: TestServer;
  let owner: Member;
  let admin: Member;
  let other: Member;
  let trackId: number;
  beforeAll(async () => {
    s = await startServer(backend);
    owner = await member(s, { name: 'Fiona' });
    admin = await member(s, { name: 'Ada', admin: true });
    other = await member(s, { name: 'Mallory' });
    ({ trackId } = await savedRide(s.database, owner.user.id));
    // The video's road for its first 60 seconds only: a 2 % climb from 100 m.
    const [track] = await s.database.db.select().from(tracks).where(eq(tracks.id, trackId));
    await s.database.db.insert(raceSlopePoints).values(
      Array.from({ length: 60 }, (_, second) => ({
        raceId: track!.raceId!,
        second,
        distance: second * 8,
        elevation: 100 + second * 0.16,
        speed: 8,
        slope: 2,
      })),
    );
  });
  afterAll(() => s.close());

  const series = (id: number | string, m?: Member) =>
    s.get(`/api/v1/tracks/${id}/series`, m?.token);

  it('gives the owner every second in columns, with the road where the video has one', async () => {
    const res = await series(trackId, owner);
    expect(res.status).toBe(200);
    const body = activitySeriesSchema.parse(await res.json());
    expect(body.track_id).toBe(trackId);
    expect(body.elapsed_time).toEqual(Array.from({ length: 90 }, (_, i) => i));
    for (const column of [body.power, body.heart_rate, body.cadence, body.distance]) {
      expect(column).toHaveLength(90);
    }
    expect(new Set(body.power)).toEqual(new Set([200]));
    expect(body.distance[10]).toBe(80);
    expect(body.grade[59]).toBe(2);
    expect(body.elevation[10]).toBe(101.6);
    expect(body.grade[60]).toBeNull();
    expect(body.elevation[89]).toBeNull();
  });

  it('follows the FIT file rule: an admin may read it, another member and a guest may not', async () => {
    expect((await series(trackId, admin)).status).toBe(200);
    const refused = await series(trackId, other);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/another/) });
    expect((await series(trackId)).status).toBe(401);
  });

  it("carries the rider's weight, also to an admin with another weight", async () => {
    const weigh = (m: Member, weight: number | null) =>
      s.database.db.update(users).set({ weight }).where(eq(users.id, m.user.id));
    await weigh(admin, 95);
    await weigh(owner, null);
    const weightOf = async (m: Member) =>
      activitySeriesSchema.parse(await (await series(trackId, m)).json()).rider_weight;
    expect(await weightOf(owner)).toBeNull();
    await weigh(owner, 61.5);
    expect(await weightOf(owner)).toBe(61.5);
    expect(await weightOf(admin)).toBe(61.5);
  });

  it('answers absurd and unknown ids with a 4xx, never a 500', async () => {
    for (const id of ['0', '-1', '1.5', 'abc', '2147483648', '1e400', 'x%00y', '%00']) {
      const status = (await series(id, owner)).status;
      expect({ id, status }).toEqual({ id, status: 400 });
    }
    expect((await series(2147483647, owner)).status).toBe(404);
  });

  it('refuses a ride being saved (a recording one: activity-series-recording.test.ts)', async () => {
    const open = await recordingRide(s.database, { userId: owner.user.id, seconds: 5 });
    await s.database.db.update(tracks).set({ status: 'saving' }).where(eq(tracks.id, open.trackId));
    expect((await series(open.trackId, owner)).status).toBe(400);
  });

  it('keeps each second with its own road, across slices and gaps in the ride and the road', async () => {
    // Seconds 0-89, then 2000-5999: three slices of the reader, the gap inside the first.
    const { trackId: gappy } = await savedRide(s.database, owner.user.id);
    const [track] = await s.database.db.select().from(tracks).where(eq(tracks.id, gappy));
    const later = Array.from({ length: 4000 }, (_, i) => 2000 + i);
    const points = later.map((second) => ({
      trackId: gappy,
      elapsedTime: second,
      accumulatedPower: 0,
      power: (second % 400) + 0.4,
      heartRate: 130,
      cadence: 85,
      distance: second * 8.04,
      speed: 8,
      recordedAt: new Date(),
    }));
    // The road from 1000 s on, with a hole every 7th second.
    const road = Array.from({ length: 5000 }, (_, i) => 1000 + i)
      .filter((second) => second % 7 !== 0)
      .map((second) => ({
        raceId: track!.raceId!,
        second,
        distance: second * 8,
        elevation: second / 10 + 0.04,
        speed: 8,
        slope: -1.26,
      }));
    for (let i = 0; i < 4000; i += 2000) {
      await s.database.db.insert(trackPoints).values(points.slice(i, i + 2000));
      await s.database.db.insert(raceSlopePoints).values(road.slice(i, i + 2000));
    }
    await s.database.db.insert(raceSlopePoints).values(road.slice(4000));
    const body = activitySeriesSchema.parse(await (await series(gappy, owner)).json());
    expect(body.elapsed_time).toEqual([...Array.from({ length: 90 }, (_, i) => i), ...later]);
    const at = (second: number) => body.elapsed_time.indexOf(second);
    expect(body.elevation.slice(0, 90)).toEqual(Array.from({ length: 90 }, () => null));
    for (const second of later) {
      const hole = second % 7 === 0;
      expect([second, body.power[at(second)]]).toEqual([second, second % 400]);
      expect([second, body.elevation[at(second)]]).toEqual([second, hole ? null : second / 10]);
      expect([second, body.grade[at(second)]]).toEqual([second, hole ? null : -1.3]);
    }
  });

  it('is bounded by the longest ride, whatever is stored', async () => {
    const { trackId: long } = await savedRide(s.database, owner.user.id);
    const extra = ACTIVITY_SERIES_MAX_SECONDS + 50 - 90;
    const rows = Array.from({ length: extra }, (_, i) => ({
      trackId: long,
      elapsedTime: 90 + i,
      accumulatedPower: 0,
      power: 150,
      heartRate: 0,
      cadence: 0,
      distance: 0,
      speed: 0,
      recordedAt: new Date(),
    }));
    for (let i = 0; i < rows.length; i += 2000) {
      await s.database.db.insert(trackPoints).values(rows.slice(i, i + 2000));
    }
    const started = Date.now();
    const res = await series(long, owner);
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    const body = activitySeriesSchema.parse(await res.json());
    expect(body.elapsed_time).toHaveLength(ACTIVITY_SERIES_MAX_SECONDS);
    expect(body.elapsed_time.at(-1)).toBe(ACTIVITY_SERIES_MAX_SECONDS - 1);
    // Generous: a 6-hour series is read in slices, well within a page load even under load.
    expect(took).toBeLessThan(10_000);
  }, 60_000);
});
