import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOPE_SOURCE, type TimelineResponse } from '@ridealong/contracts';
import type { SlopePoint } from '@ridealong/media';
import { raceSlopePoints, users } from '../src/db/schema.js';
import { replaceSlopeProfile } from '../src/modules/videos/index.js';
import { backends, listenApp, startServer, type TestServer } from './harness.js';
import { json, member, video, type Member } from './races-fixtures.js';

/**
 * GET /api/v1/race/{id}/timeline (issue 26): a video's slope profile per second for a reactive
 * ride, to whoever may ride the whole video; fresh on every process when a GPX replaces it.
 */

/** `seconds` of profile: 8.04 m a second (rounded to 0.1 in the answer), grade t % 7 - 3.456. */
const profile = (seconds: number, scale = 1): SlopePoint[] =>
  Array.from({ length: seconds }, (_, t) => ({
    t,
    distanceM: t * 8.04 * scale,
    elevationM: 100 + t * 0.1,
    speedMps: 8,
    slopePercent: (t % 7) - 3.456,
  }));

describe.each(backends)('video timeline on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  let trial: Member;
  let free: Member;
  let second: { close: () => Promise<void>; get: (p: string, t?: string) => Promise<Response> };
  beforeAll(async () => {
    s = await startServer(backend);
    owner = await member(s, { name: 'Owner' });
    trial = await member(s, { name: 'Trial' });
    free = await member(s, { name: 'Free' });
    await s.database.db
      .update(users)
      .set({ accountLevel: 'free' })
      .where(eq(users.id, free.user.id));
    // A second server process on the same database: no state only one process knows.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ra-timeline-'));
    const other = await listenApp({ database: s.database, dataDir });
    second = {
      close: async () => {
        await other.app.close();
        await rm(dataDir, { recursive: true, force: true });
      },
      get: (p, t) => fetch(other.baseUrl + p, { headers: t ? { 'x-auth-token': t } : {} }),
    };
  });
  afterAll(async () => {
    await second.close();
    await s.close();
  });

  const sloped = async (seconds: number, values = {}) => {
    const v = await video(s, owner, {
      slopeSourceId: SLOPE_SOURCE.gpx,
      duration: seconds,
      ...values,
    });
    await s.database.db.transaction((tx) => replaceSlopeProfile(tx, v.id, profile(seconds)));
    return v;
  };
  const timeline = async (id: number, token: string, from = s.get) =>
    json<TimelineResponse>(await from(`/api/v1/race/${id}/timeline`, token));

  it('answers per second, rounded, with an ETag browsers revalidate', async () => {
    const v = await sloped(120);
    const res = await s.get(`/api/v1/race/${v.id}/timeline`, trial.token);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"tl-/);
    const { timeline: got } = await json<TimelineResponse>(res);
    expect(got?.seconds).toBe(120);
    expect(got?.distance).toHaveLength(120);
    expect(got?.distance.slice(0, 3)).toEqual([0, 8, 16.1]);
    expect(got?.slope.slice(0, 3)).toEqual([-3.46, -2.46, -1.46]);
    const again = await fetch(`${s.baseUrl}/api/v1/race/${v.id}/timeline`, {
      headers: { 'x-auth-token': trial.token, 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    // The other process answers the same, with the same ETag.
    const there = await second.get(`/api/v1/race/${v.id}/timeline`, trial.token);
    expect(there.headers.get('etag')).toBe(etag);
  });

  it('is fresh on every process when a GPX replaces the profile', async () => {
    const v = await sloped(60);
    const before = await timeline(v.id, trial.token);
    expect((await timeline(v.id, trial.token, second.get)).timeline).toEqual(before.timeline);
    await s.database.db.transaction((tx) => replaceSlopeProfile(tx, v.id, profile(90, 2)));
    for (const from of [s.get, second.get]) {
      const after = await timeline(v.id, trial.token, from);
      expect(after.timeline?.seconds).toBe(90);
      expect(after.timeline?.distance[10]).toBe(160.8);
    }
    // The profile removed: no timeline.
    await s.database.db.transaction((tx) => replaceSlopeProfile(tx, v.id, null));
    expect(await timeline(v.id, trial.token)).toEqual({ timeline: null });
  });

  it('fills seconds missing from a profile and answers null for a video without slope data', async () => {
    const v = await video(s, owner, { slopeSourceId: SLOPE_SOURCE.gpx, duration: 10 });
    // A profile written before route summaries: no summary row yet, one made on first read.
    await s.database.db.insert(raceSlopePoints).values(
      [0, 1, 4, 5].map((t) => ({
        raceId: v.id,
        second: t,
        distance: t * 10,
        elevation: 5,
        speed: 10,
        slope: t,
      })),
    );
    expect((await timeline(v.id, trial.token)).timeline).toEqual({
      seconds: 6,
      distance: [0, 10, 10, 10, 40, 50],
      slope: [0, 1, 1, 1, 4, 5],
    });
    const flat = await video(s, owner, { slopeSourceId: SLOPE_SOURCE.none });
    expect(await timeline(flat.id, trial.token)).toEqual({ timeline: null });
  });

  it('refuses whoever may not ride the whole video, unknown videos and ids that are not ids', async () => {
    const v = await sloped(30);
    const status = async (id: string | number, token?: string) =>
      (await s.get(`/api/v1/race/${id}/timeline`, token)).status;
    expect(await status(v.id)).toBe(401);
    expect(await status(v.id, free.token)).toBe(403);
    expect(await status(v.id, owner.token)).toBe(200);
    const exclusive = await sloped(30, { exclusive: true });
    expect(await status(exclusive.id, trial.token)).toBe(403);
    const body = await json<{ message: string }>(
      await s.get(`/api/v1/race/${exclusive.id}/timeline`, trial.token),
      403,
    );
    expect(body.message).toMatch(/Pro plan/);
    const unready = await sloped(30, { status: 'processing' });
    expect(await status(unready.id, trial.token)).toBe(404);
    expect(await status(unready.id, owner.token)).toBe(200);
    expect(await status(2_000_000_000, trial.token)).toBe(404);
    for (const bad of ['abc', '1e9', '-1', '0', '1.5', '99999999999', v.url]) {
      expect(await status(bad, trial.token), bad).toBe(400);
    }
  });

  it('bounds the answer: a 4-hour video', async () => {
    const v = await sloped(4 * 3600);
    const res = await s.get(`/api/v1/race/${v.id}/timeline`, trial.token);
    const text = await res.text();
    const got = (JSON.parse(text) as TimelineResponse).timeline;
    expect(got?.seconds).toBe(14_400);
    // Printed for the report: bytes of JSON, uncompressed.
    console.log(`timeline of a 4-hour video: ${text.length} bytes`);
    expect(text.length).toBeLessThan(400_000);
  });
});
