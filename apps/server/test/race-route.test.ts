import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOPE_SOURCE, type Race, type RouteResponse } from '@ridealong/contracts';
import { raceRoutes, raceSlopePoints, users } from '../src/db/schema.js';
import type { SlopePoint } from '@ridealong/media';
import { samplerMonthOf } from '../src/modules/media/access.js';
import { routeSummary } from '../src/modules/race-route/summary.js';
import { videosRepository } from '../src/modules/videos/repository.js';
import { backends, startServer, type TestServer } from './harness.js';
import { json, member, search, video, type Member } from './races-fixtures.js';

/**
 * GET /api/v1/race/{id}/route (route facts and elevation profile) and the races' required_plan,
 * through HTTP for a guest, a trial and a Pro member.
 */

/** 10 m a second for 120 s: 600 m flat at 50 m, then 600 m at 5 % (climb 30 m). */
const slopeRows = (raceId: number) =>
  Array.from({ length: 120 }, (_, t) => ({
    raceId,
    second: t,
    distance: t * 10,
    elevation: 50 + Math.max(0, t * 10 - 600) * 0.05,
    speed: 10,
    slope: t * 10 >= 600 ? 5 : 0,
  }));

describe.each(backends)('video route facts and plans on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  let trial: Member;
  let pro: Member;
  let other: Member;
  beforeAll(async () => {
    s = await startServer(backend);
    owner = await member(s, { name: 'Owner' });
    trial = await member(s, { name: 'Trial' });
    pro = await member(s, { name: 'Pro' });
    other = await member(s, { name: 'Other' });
    await s.database.db.update(users).set({ accountLevel: 'pro' }).where(eq(users.id, pro.user.id));
  });
  afterAll(() => s.close());

  const route = async (id: string | number, token?: string) =>
    json<RouteResponse>(await s.get(`/api/v1/race/${id}/route`, token));

  it('serves the same facts and a bounded profile to guests, trial and Pro members', async () => {
    const v = await video(s, owner, { title: 'Hill route', slopeSourceId: SLOPE_SOURCE.gpx });
    await s.database.db.insert(raceSlopePoints).values(slopeRows(v.id));
    const expected = {
      distance_m: 1190,
      climb_m: 29.5,
      max_grade_percent: 5,
      min_elevation_m: 50,
      max_elevation_m: 79.5,
    };
    for (const token of [undefined, trial.token, pro.token]) {
      const { route: got } = await route(v.url, token);
      expect(got).toMatchObject(expected);
      expect(got!.profile).toHaveLength(120);
      expect(got!.profile[0]).toEqual([0, 50]);
    }
    // Made once from the seconds and kept: the pages read the stored summary.
    const stored = await s.database.db.select().from(raceRoutes).where(eq(raceRoutes.raceId, v.id));
    expect(stored).toHaveLength(1);
    expect((await route(v.id)).route).toMatchObject(expected);
  });

  it('gives concurrent first readers of an older video the same summary, stored once', async () => {
    const v = await video(s, owner, { title: 'Busy route', slopeSourceId: SLOPE_SOURCE.gpx });
    await s.database.db.insert(raceSlopePoints).values(slopeRows(v.id));
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => s.get(`/api/v1/race/${v.url}/route`)),
    );
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    const bodies = await Promise.all(answers.map((res) => res.json() as Promise<RouteResponse>));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(bodies[0]?.route).toMatchObject({ distance_m: 1190 });
    const stored = await s.database.db.select().from(raceRoutes).where(eq(raceRoutes.raceId, v.id));
    expect(stored).toHaveLength(1);
  });

  it('remakes and keeps a summary stored before profile_t, so old videos place the rider', async () => {
    const v = await video(s, owner, { title: 'Old route', slopeSourceId: SLOPE_SOURCE.gpx });
    await s.database.db.insert(raceSlopePoints).values(slopeRows(v.id));
    const { profile_t: _t, ...old } = routeSummary(
      slopeRows(v.id).map((r) => ({ distance: r.distance, elevation: r.elevation })),
    )!;
    await s.database.db.insert(raceRoutes).values({ raceId: v.id, summary: old });
    const { route: got } = await route(v.url);
    expect(got!.profile_t).toEqual(Array.from({ length: 120 }, (_, t) => t));
    const [stored] = await s.database.db
      .select()
      .from(raceRoutes)
      .where(eq(raceRoutes.raceId, v.id));
    expect(stored!.summary).toEqual(got);
  });

  it('answers 404, not 500, for a video deleted while its summary is being made', async () => {
    const v = await video(s, owner, { title: 'Vanishing route', slopeSourceId: SLOPE_SOURCE.gpx });
    await s.database.db.insert(raceSlopePoints).values(slopeRows(v.id));
    // The owner's delete lands between the read of the points and the summary's insert: a
    // trigger deletes the video just before the row goes in, so its foreign key fails.
    const { db } = s.database;
    await db.execute(
      sql.raw(`create function ra_test_vanish() returns trigger language plpgsql as $$
        begin
          if new.race_id = ${v.id} then delete from races where id = new.race_id; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger ra_test_vanish before insert on race_routes
        for each row execute function ra_test_vanish()`),
    );
    try {
      const res = await s.get(`/api/v1/race/${v.url}/route`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Video not found.' });
    } finally {
      await db.execute(sql.raw('drop trigger ra_test_vanish on race_routes'));
      await db.execute(sql.raw('drop function ra_test_vanish()'));
    }
    // The failed insert took the trigger's delete with it: the video is still there, and its
    // next reader makes and keeps the summary.
    expect((await route(v.url)).route).toMatchObject({ distance_m: 1190 });
  });

  it('keeps the summary the upload pipeline writes, and removes it for a profile without GPS', async () => {
    const v = await video(s, owner, { title: 'Fresh upload', status: 'processing' });
    const slope: SlopePoint[] = slopeRows(v.id).map((r) => ({
      t: r.second,
      distanceM: r.distance,
      elevationM: r.elevation,
      speedMps: r.speed,
      slopePercent: r.slope,
    }));
    const fields = (slopeSourceId: number) => ({
      mediaKey: `media-${v.id}`,
      duration: 120,
      renditions: ['720p'],
      posterFile: 'poster.jpg',
      slopeSourceId,
    });
    const repo = videosRepository(s.database.db);
    const stored = () => s.database.db.select().from(raceRoutes).where(eq(raceRoutes.raceId, v.id));

    expect(await repo.markReady(v.id, fields(SLOPE_SOURCE.gpx), slope)).toBe(true);
    const expected = routeSummary(
      slope.map((p) => ({ distance: p.distanceM, elevation: p.elevationM })),
    );
    expect(expected).not.toBeNull();
    expect((await stored()).map((row) => row.summary)).toEqual([expected]);
    expect((await route(v.url)).route).toEqual(expected);

    // Processed again without GPS: no slope points, no summary, and the page says none.
    expect(await repo.markReady(v.id, fields(SLOPE_SOURCE.none), null)).toBe(true);
    expect(await stored()).toEqual([]);
    expect(await route(v.url)).toEqual({ route: null });
  });

  it('answers null for a video without slope data (no GPS)', async () => {
    const v = await video(s, owner, { title: 'No GPS clip', slopeSourceId: SLOPE_SOURCE.none });
    for (const token of [undefined, trial.token, pro.token]) {
      expect(await route(v.url, token)).toEqual({ route: null });
    }
    const [race] = (await search(s, { term: 'gps clip' })).videos;
    expect(race).toMatchObject({ url: v.url, slope_source_id: SLOPE_SOURCE.none });
  });

  it("keeps a video's route to whoever may see the video", async () => {
    const v = await video(s, owner, { status: 'processing', slopeSourceId: SLOPE_SOURCE.gpx });
    await s.database.db.insert(raceSlopePoints).values(slopeRows(v.id));
    for (const token of [undefined, trial.token, other.token]) {
      const res = await s.get(`/api/v1/race/${v.url}/route`, token);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Video not found.' });
    }
    expect((await route(v.url, owner.token)).route).toMatchObject({ distance_m: 1190 });
  });

  it('refuses unknown, oversized and NUL ids with a 4xx, never a 500', async () => {
    expect((await s.get('/api/v1/race/no-such-video/route')).status).toBe(404);
    expect((await s.get('/api/v1/race/999999999/route')).status).toBe(404);
    expect((await s.get(`/api/v1/race/${'x'.repeat(201)}/route`)).status).toBe(400);
    const nul = await s.get('/api/v1/race/a%00b/route');
    expect(nul.status).toBeGreaterThanOrEqual(400);
    expect(nul.status).toBeLessThan(500);
    const flood = await Promise.all(
      Array.from({ length: 40 }, () => s.get('/api/v1/race/no-such-video/route')),
    );
    for (const res of flood) expect(res.status).toBeLessThan(500);
  });

  it('names the plan a video needs: Pro for exclusive, Core for the rest, none for samplers', async () => {
    const exclusive = await video(s, owner, { title: 'Plantag exclusive', exclusive: true });
    const community = await video(s, owner, { title: 'Plantag community' });
    const sampler = await video(s, owner, {
      title: 'Plantag sampler',
      samplerMonth: samplerMonthOf(new Date()),
    });
    const stale = await video(s, owner, {
      title: 'Plantag old sampler',
      exclusive: true,
      samplerMonth: '2020-01',
    });
    const want = new Map([
      [exclusive.url, 'pro'],
      [community.url, 'core'],
      [sampler.url, null],
      [stale.url, 'pro'],
    ]);
    for (const token of [undefined, trial.token, pro.token]) {
      const listed = (await search(s, { term: 'plantag' }, token)).videos;
      expect(new Map(listed.map((r) => [r.url, r.required_plan]))).toEqual(want);
      const one = await json<Race>(await s.get(`/api/v1/race/${exclusive.url}`, token));
      expect(one.required_plan).toBe('pro');
    }
  });
});
