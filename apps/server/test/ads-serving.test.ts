import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adServingSchema } from '@ridealong/contracts';
import type { Db } from '../src/db/client.js';
import { backends, listenApp, startServer, type TestServer } from './harness.js';
import { call, createAd, DAY_MS, isoIn, memberAt, serve, servingAd } from './ads-fixtures.js';
import { member, type Member } from './races-fixtures.js';

/** GET /ads?slot= (issue 27): who is served, what rotates, and that a serve queries nothing. */
describe.each(backends)('serving ads on $name', (backend) => {
  let s: TestServer;
  let admin: Member;
  beforeAll(async () => {
    s = await startServer(backend, { ADS_TAG_URL: 'https://ads.example.net/tag.html' });
    admin = await member(s, { name: 'Ada', admin: true });
    await servingAd(s, admin, { slot: 'home', title: 'For everyone' });
  });
  afterAll(() => s.close());

  it('serves guests, free, payment_failed and cancelled members', async () => {
    const viewers = [
      undefined,
      (await memberAt(s, 'free')).token,
      (await memberAt(s, 'payment_failed')).token,
      (await memberAt(s, 'cancelled')).token,
    ];
    for (const token of viewers) {
      const res = await call(s, 'GET', '/api/v1/ads?slot=home', { token });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const body = adServingSchema.parse(await res.json());
      expect(body.ad?.title).toBe('For everyone');
      expect(body.ad?.click_url).toBe(`/api/v1/ads/${body.ad?.id}/click?slot=home`);
      expect(body.tag).toEqual({ src: 'https://ads.example.net/tag.html' });
      // The image is served, re-encoded, from our origin.
      const image = await fetch(s.baseUrl + (body.ad?.image_url ?? ''));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    }
  });

  it('never serves trial, Core, Pro or complimentary members', async () => {
    const viewers = [
      await memberAt(s, 'trial'),
      await memberAt(s, 'core'),
      await memberAt(s, 'pro'),
      await memberAt(s, 'free', {
        complimentaryAccess: true,
        currentPeriodEndDate: new Date(Date.now() + 30 * DAY_MS),
      }),
    ];
    for (const m of viewers) {
      expect(await serve(s, 'home', m.token)).toEqual({ slot: 'home', ad: null, tag: null });
    }
  });

  it('rotates by weight and never serves an ad outside its dates, inactive or without image', async () => {
    const heavy = await servingAd(s, admin, { slot: 'featured', weight: 30, title: 'Heavy' });
    const light = await servingAd(s, admin, { slot: 'featured', weight: 10, title: 'Light' });
    await servingAd(s, admin, {
      slot: 'featured',
      title: 'Ended',
      ends_at: isoIn(-60_000),
      starts_at: isoIn(-DAY_MS),
    });
    await servingAd(s, admin, { slot: 'featured', title: 'Later', starts_at: isoIn(DAY_MS) });
    await servingAd(s, admin, { slot: 'featured', title: 'Off', active: false });
    await createAd(s, admin, { slot: 'featured', title: 'No image', weight: 100 });
    const seen = new Map<number, number>();
    for (let i = 0; i < 300; i += 1) {
      const { ad } = await serve(s, 'featured');
      expect(ad).not.toBeNull();
      seen.set(ad!.id, (seen.get(ad!.id) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([heavy.id, light.id].sort());
    // 3:1 expected (225:75); loose bounds so chance alone does not fail the test.
    expect(seen.get(heavy.id)).toBeGreaterThan(180);
    expect(seen.get(light.id)).toBeGreaterThan(40);
  });

  it('serves no ad to a slot without one, and refuses unknown slots', async () => {
    expect(await serve(s, 'activities')).toEqual({
      slot: 'activities',
      ad: null,
      tag: { src: 'https://ads.example.net/tag.html' },
    });
    for (const slot of ['nope', '', 'HOME']) {
      expect((await call(s, 'GET', `/api/v1/ads?slot=${slot}`)).status).toBe(400);
    }
    expect((await call(s, 'GET', '/api/v1/ads')).status).toBe(400);
  });
});

const QUERY_METHODS = new Set([
  'select',
  'selectDistinct',
  'insert',
  'update',
  'delete',
  'execute',
  'transaction',
  'query',
  'with',
  '$count',
]);

/** `db`, counting every query started through it. */
function countingDb(db: Db, counter: { n: number }): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof prop === 'string' && QUERY_METHODS.has(prop)) counter.n += 1;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe.each(backends)('a serve queries nothing on $name', (backend) => {
  let baseUrl: string;
  let admin: Member;
  let close: () => Promise<void>;
  const queries = { n: 0 };
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ra-ads-'));
    const database = await backend.open();
    const listening = await listenApp({
      database: { ...database, db: countingDb(database.db, queries) },
      dataDir,
    });
    baseUrl = listening.baseUrl;
    admin = await member({ database } as Pick<TestServer, 'database'> as TestServer, {
      admin: true,
    });
    close = async () => {
      await listening.app.close();
      await database.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it("answers from memory: a guest's serves make no database query", async () => {
    const s = { baseUrl };
    const ad = await servingAd(s, admin, { slot: 'video' });
    // The app does query through this db (so the count can fail).
    const before = queries.n;
    expect((await call(s, 'GET', '/api/v1/admin/ads', { token: admin.token })).status).toBe(200);
    expect(queries.n).toBeGreaterThan(before);

    queries.n = 0;
    for (let i = 0; i < 20; i += 1) expect((await serve(s, 'video')).ad?.id).toBe(ad.id);
    expect(queries.n).toBe(0);
  });
});
