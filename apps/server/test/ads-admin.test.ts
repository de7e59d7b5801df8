import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAdSchema, adStatsSchema, type AdminAd } from '@ridealong/contracts';
import { adDailyCounts, ads } from '../src/db/schema.js';
import { utcDay, daysBefore } from '../src/modules/ads/rules.js';
import { backends, startServer, type TestServer } from './harness.js';
import { htmlWithPngHeader, pngBomb, pngImage, truncated } from './image-fixtures.js';
import {
  adInput,
  call,
  createAd,
  DAY_MS,
  isoIn,
  memberAt,
  serve,
  uploadImage,
} from './ads-fixtures.js';
import { mediaDirOf, member, type Member } from './races-fixtures.js';

/** Admins' house ads (issue 27): only admins manage them, and every answer is a 4xx or a 2xx. */
describe.each(backends)('managing ads on $name', (backend) => {
  let s: TestServer;
  let admin: Member;
  let free: Member;
  beforeAll(async () => {
    s = await startServer(backend);
    admin = await member(s, { name: 'Ada', admin: true });
    free = await memberAt(s, 'free');
  });
  afterAll(() => s.close());

  const adImages = async () =>
    (await readdir(path.join(mediaDirOf(s), 'public', 'ad-images')).catch(() => [])).sort();

  it('lets only admins in: guests 401, members 403, on every route', async () => {
    const ad = await createAd(s, admin);
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/v1/admin/ads', undefined],
      ['POST', '/api/v1/admin/ads', adInput()],
      ['PATCH', `/api/v1/admin/ads/${ad.id}`, { weight: 5 }],
      ['DELETE', `/api/v1/admin/ads/${ad.id}`, undefined],
      ['GET', `/api/v1/admin/ads/${ad.id}/stats?days=7`, undefined],
    ];
    for (const [method, url, json] of routes) {
      expect((await call(s, method, url, { json })).status).toBe(401);
      expect((await call(s, method, url, { json, token: free.token })).status).toBe(403);
    }
    expect((await uploadImage(s, free.token, ad.id, await pngImage())).status).toBe(403);
    expect((await uploadImage(s, '', ad.id, await pngImage())).status).toBe(401);
    // Nothing changed.
    const [row] = await s.database.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(row).toMatchObject({ weight: 10, imageKey: null });
  });

  it('creates, lists newest first, patches, and deletes with image and counts', async () => {
    const first = await createAd(s, admin, { title: 'First' });
    const second = await createAd(s, admin, { title: 'Second', slot: 'activities' });
    expect(adminAdSchema.parse(second)).toMatchObject({
      title: 'Second',
      slot: 'activities',
      image_url: null,
      impressions: 0,
      clicks: 0,
    });
    const list = (await (
      await call(s, 'GET', '/api/v1/admin/ads', { token: admin.token })
    ).json()) as AdminAd[];
    expect(list.map((a) => a.id).indexOf(second.id)).toBeLessThan(
      list.map((a) => a.id).indexOf(first.id),
    );

    const patched = await call(s, 'PATCH', `/api/v1/admin/ads/${first.id}`, {
      token: admin.token,
      json: { title: 'Renamed', weight: 50, ends_at: isoIn(DAY_MS) },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: first.id, title: 'Renamed', weight: 50 });
    // The merged row's end must come after its start.
    const backwards = await call(s, 'PATCH', `/api/v1/admin/ads/${first.id}`, {
      token: admin.token,
      json: { starts_at: isoIn(2 * DAY_MS) },
    });
    expect(backwards.status).toBe(400);

    expect((await uploadImage(s, admin.token, second.id, await pngImage())).status).toBe(200);
    await s.database.db
      .insert(adDailyCounts)
      .values({ adId: second.id, day: '2026-01-01', impressions: 3, clicks: 1 });
    const before = await adImages();
    const gone = await call(s, 'DELETE', `/api/v1/admin/ads/${second.id}`, { token: admin.token });
    expect(gone.status).toBe(204);
    expect((await adImages()).length).toBe(before.length - 1);
    expect(
      await s.database.db.select().from(adDailyCounts).where(eq(adDailyCounts.adId, second.id)),
    ).toEqual([]);
    expect(
      (await call(s, 'DELETE', `/api/v1/admin/ads/${second.id}`, { token: admin.token })).status,
    ).toBe(404);
  });

  it('stores images re-encoded, replaces the old file and refuses what is not an image', async () => {
    const ad = await createAd(s, admin, { slot: 'home', title: 'Pictured' });
    const before = await adImages();
    const one = await uploadImage(s, admin.token, ad.id, await pngImage(120, 60));
    expect(one.status).toBe(200);
    const two = (await (
      await uploadImage(s, admin.token, ad.id, await pngImage(90, 30))
    ).json()) as AdminAd;
    // One file for the ad: the first was removed when the second replaced it.
    expect((await adImages()).length).toBe(before.length + 1);
    const file = await fetch(s.baseUrl + (two.image_url ?? ''));
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({
      width: 90,
      height: 30,
    });
    expect((await serve(s, 'home')).ad?.image_url).toBe(two.image_url);

    for (const bytes of [
      htmlWithPngHeader(),
      truncated(await pngImage()),
      Buffer.from('plain text'),
      pngBomb(),
    ]) {
      const res = await uploadImage(s, admin.token, ad.id, bytes);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/image|megapixels/i);
    }
    expect((await uploadImage(s, admin.token, 999_999, await pngImage())).status).toBe(404);
    expect((await adImages()).length).toBe(before.length + 1);
  });

  it('answers stats per UTC day, zeros included, newest first', async () => {
    const ad = await createAd(s, admin);
    const today = utcDay(new Date());
    await s.database.db.insert(adDailyCounts).values([
      { adId: ad.id, day: today, impressions: 5, clicks: 2 },
      { adId: ad.id, day: daysBefore(today, 2), impressions: 1, clicks: 0 },
      { adId: ad.id, day: daysBefore(today, 9), impressions: 7, clicks: 7 },
    ]);
    const res = await call(s, 'GET', `/api/v1/admin/ads/${ad.id}/stats?days=3`, {
      token: admin.token,
    });
    expect(adStatsSchema.parse(await res.json())).toEqual({
      id: ad.id,
      days: [
        { day: today, impressions: 5, clicks: 2 },
        { day: daysBefore(today, 1), impressions: 0, clicks: 0 },
        { day: daysBefore(today, 2), impressions: 1, clicks: 0 },
      ],
    });
    const thirty = await call(s, 'GET', `/api/v1/admin/ads/${ad.id}/stats`, { token: admin.token });
    expect(((await thirty.json()) as { days: unknown[] }).days).toHaveLength(30);
    const list = (await (
      await call(s, 'GET', '/api/v1/admin/ads', { token: admin.token })
    ).json()) as AdminAd[];
    expect(list.find((a) => a.id === ad.id)).toMatchObject({ impressions: 13, clicks: 9 });
    for (const days of ['0', '367', 'x', '1.5']) {
      const bad = await call(s, 'GET', `/api/v1/admin/ads/${ad.id}/stats?days=${days}`, {
        token: admin.token,
      });
      expect(bad.status).toBe(400);
    }
  });

  it('answers 400 or 404, never 500, to odd ids, NUL characters and wrong slots', async () => {
    const token = admin.token;
    for (const id of ['1e3', '-1', '0x10', '99999999999', '0', 'abc', '1.5']) {
      for (const res of [
        await call(s, 'PATCH', `/api/v1/admin/ads/${id}`, { token, json: { weight: 2 } }),
        await call(s, 'DELETE', `/api/v1/admin/ads/${id}`, { token }),
        await call(s, 'GET', `/api/v1/admin/ads/${id}/stats`, { token }),
        await call(s, 'POST', `/api/v1/ads/${id}/impression?slot=home`),
        await call(s, 'GET', `/api/v1/ads/${id}/click?slot=home`),
      ]) {
        expect([400, 404]).toContain(res.status);
      }
    }
    const nul = await call(s, 'POST', '/api/v1/admin/ads', {
      token,
      json: adInput({ title: 'Bad\u0000title' }),
    });
    expect(nul.status).toBe(400);
    for (const json of [
      adInput({ slot: 'sidebar' as never }),
      adInput({ link_url: 'javascript:alert(1)' }),
      adInput({ weight: 0 }),
      adInput({ ends_at: isoIn(-2 * DAY_MS) }),
      // Compared as instants, not as text: 06:00Z ends before 10:00Z, and equal is not after.
      adInput({ starts_at: '2026-01-01T10:00:00Z', ends_at: '2026-01-01T11:00:00+05:00' }),
      adInput({ starts_at: '2026-01-01T10:00:00.000Z', ends_at: '2026-01-01T10:00:00Z' }),
      { ...adInput(), extra: 1 },
    ]) {
      expect((await call(s, 'POST', '/api/v1/admin/ads', { token, json })).status).toBe(400);
    }
    // Offsets in order though their text is not: accepted.
    const offset = await call(s, 'POST', '/api/v1/admin/ads', {
      token,
      json: adInput({ starts_at: '2026-01-01T10:00:00+05:00', ends_at: '2026-01-01T06:00:00Z' }),
    });
    expect(offset.status).toBe(201);
    const ad = await createAd(s, admin);
    expect(
      (await call(s, 'PATCH', `/api/v1/admin/ads/${ad.id}`, { token, json: { slot: 'x' } })).status,
    ).toBe(400);
    expect(
      (await call(s, 'PATCH', `/api/v1/admin/ads/${ad.id}`, { token, json: { title: 'a\u0000' } }))
        .status,
    ).toBe(400);
  });
});
