import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAd } from '@ridealong/contracts';
import { adDailyCounts, adDailySalts, adDailyViewers, ads } from '../src/db/schema.js';
import { adsRepository } from '../src/modules/ads/repository.js';
import { AD_COUNT_RATE, daysBefore, utcDay } from '../src/modules/ads/rules.js';
import { adViewerSweep } from '../src/modules/ads/sweep.js';
import { backends, startServer, type TestServer } from './harness.js';
import { call, memberAt, servingAd } from './ads-fixtures.js';
import { member, type Member } from './races-fixtures.js';

/** Impressions and clicks (issue 27): once a day per viewer and ad, and no open redirect. */
describe.each(backends)('counting ads on $name', (backend) => {
  let s: TestServer;
  let admin: Member;
  let ad: AdminAd;
  beforeAll(async () => {
    s = await startServer(backend);
    admin = await member(s, { name: 'Ada', admin: true });
    ad = await servingAd(s, admin, {
      slot: 'videos',
      link_url: 'https://shop.example.com/bike?x=1',
    });
  });
  afterAll(() => s.close());

  const today = () => utcDay(new Date());
  const countsOf = async (id: number, server: TestServer = s) => {
    const [row] = await server.database.db
      .select()
      .from(adDailyCounts)
      .where(eq(adDailyCounts.adId, id));
    return { impressions: row?.impressions ?? 0, clicks: row?.clicks ?? 0 };
  };
  const impression = (id: number | string, token?: string, ua = 'Browser A') =>
    call(s, 'POST', `/api/v1/ads/${id}/impression?slot=videos`, {
      token,
      headers: { 'user-agent': ua },
    });
  const click = (id: number | string, query = 'slot=videos', token?: string, ua = 'Browser A') =>
    call(s, 'GET', `/api/v1/ads/${id}/click?${query}`, { token, headers: { 'user-agent': ua } });

  it('counts one member once a day, two members twice, guests by address and browser', async () => {
    const one = await memberAt(s, 'free');
    const two = await memberAt(s, 'free');
    for (let i = 0; i < 3; i += 1) expect((await impression(ad.id, one.token)).status).toBe(204);
    expect(await countsOf(ad.id)).toEqual({ impressions: 1, clicks: 0 });
    expect((await impression(ad.id, two.token)).status).toBe(204);
    expect(await countsOf(ad.id)).toEqual({ impressions: 2, clicks: 0 });
    // Guests: the same browser once, another browser on the same address once more.
    await impression(ad.id, undefined, 'Browser A');
    await impression(ad.id, undefined, 'Browser A');
    await impression(ad.id, undefined, 'Browser B');
    expect(await countsOf(ad.id)).toEqual({ impressions: 4, clicks: 0 });
    // Nothing personal is kept: 32-byte hashes under the day's salt, no ids or addresses.
    const viewers = await s.database.db
      .select()
      .from(adDailyViewers)
      .where(eq(adDailyViewers.adId, ad.id));
    expect(viewers).toHaveLength(4);
    for (const v of viewers) {
      expect(v.viewerHash).toHaveLength(32);
      expect(v.day).toBe(today());
    }
  });

  it('redirects a click to the stored link only, counting it once per viewer', async () => {
    const m = await memberAt(s, 'cancelled');
    for (const query of [
      'slot=videos',
      'slot=videos&url=https://evil.example',
      'slot=videos&next=//evil.example&redirect=https://evil.example',
    ]) {
      const res = await click(ad.id, query, m.token);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://shop.example.com/bike?x=1');
    }
    expect((await click(ad.id, 'slot=videos', undefined, 'Guest browser')).status).toBe(302);
    expect((await countsOf(ad.id)).clicks).toBe(2);
  });

  it('answers 404 JSON, never a redirect, for unknown, inactive or image-less ads', async () => {
    const off = await servingAd(s, admin, { active: false });
    for (const id of [999_999, off.id]) {
      const res = await click(id, 'slot=videos&url=https://evil.example');
      expect(res.status).toBe(404);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.json()).toMatchObject({ status: 'failure' });
      expect((await impression(id)).status).toBe(404);
    }
    expect((await click(ad.id, 'slot=nowhere')).status).toBe(400);
    expect((await impression(ad.id)).status).toBe(204);
  });

  it('redirects to a link written with non-ASCII characters or a line break, encoded', async () => {
    const intl = await servingAd(s, admin, { link_url: 'https://example.com/日本?q=café' });
    expect(intl.link_url).toBe('https://example.com/%E6%97%A5%E6%9C%AC?q=caf%C3%A9');
    const res = await click(intl.id);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/%E6%97%A5%E6%9C%AC?q=caf%C3%A9');
    const broken = await servingAd(s, admin, { link_url: 'https://example.com/a\nb' });
    expect((await click(broken.id)).headers.get('location')).toBe('https://example.com/ab');
  });

  it('counts no click for a HEAD (link checkers, previews)', async () => {
    const before = (await countsOf(ad.id)).clicks;
    const res = await call(s, 'HEAD', `/api/v1/ads/${ad.id}/click?slot=videos`, {
      headers: { 'user-agent': 'Link checker' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('location')).toBeNull();
    expect((await countsOf(ad.id)).clicks).toBe(before);
  });

  it('re-checks the stored link at the redirect (a bad one is never followed)', async () => {
    const odd = await servingAd(s, admin, { link_url: 'https://fine.example.com/' });
    // As if a row were written around the API's checks.
    await s.database.db
      .update(ads)
      .set({ linkUrl: 'javascript:alert(1)' })
      .where(eq(ads.id, odd.id));
    await call(s, 'PATCH', `/api/v1/admin/ads/${odd.id}`, {
      token: admin.token,
      json: { weight: 11 },
    });
    const res = await click(odd.id);
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
  });

  it('forgets viewer hashes and salts once their UTC day is over, keeping the counts', async () => {
    const old = daysBefore(today(), 1);
    await s.database.db.insert(adDailySalts).values({ day: old, salt: Buffer.alloc(32, 1) });
    await s.database.db
      .insert(adDailyViewers)
      .values({ adId: ad.id, day: old, kind: 'impression', viewerHash: Buffer.alloc(32, 2) });
    await s.database.db
      .insert(adDailyCounts)
      .values({ adId: ad.id, day: old, impressions: 1, clicks: 0 });
    await adViewerSweep(adsRepository(s.database.db), { error: () => undefined }).sweep();
    const salts = await s.database.db.select().from(adDailySalts);
    expect(salts.map((r) => r.day)).toEqual([today()]);
    const days = new Set((await s.database.db.select().from(adDailyViewers)).map((r) => r.day));
    expect([...days]).toEqual([today()]);
    const counts = await s.database.db
      .select()
      .from(adDailyCounts)
      .where(eq(adDailyCounts.day, old));
    expect(counts).toHaveLength(1);
  });

  it('counts nothing another site’s page sends, and still leads a clicked link to the ad', async () => {
    const shop = await servingAd(s, admin, { link_url: 'https://shop.example.com/site' });
    const from = (site: string) => ({ 'user-agent': `Site ${site}`, 'sec-fetch-site': site });
    for (const site of ['cross-site', 'same-site', 'none']) {
      const imp = await call(s, 'POST', `/api/v1/ads/${shop.id}/impression?slot=videos`, {
        headers: from(site),
      });
      expect(imp.status).toBe(403);
      expect(((await imp.json()) as { message: string }).message).toBe(
        'Ads are counted only from this site’s pages.',
      );
      const res = await call(s, 'GET', `/api/v1/ads/${shop.id}/click?slot=videos`, {
        headers: from(site),
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://shop.example.com/site');
    }
    expect(await countsOf(shop.id)).toEqual({ impressions: 0, clicks: 0 });
    // The slot's own page: counted.
    expect(
      (
        await call(s, 'POST', `/api/v1/ads/${shop.id}/impression?slot=videos`, {
          headers: from('same-origin'),
        })
      ).status,
    ).toBe(204);
    await call(s, 'GET', `/api/v1/ads/${shop.id}/click?slot=videos`, {
      headers: from('same-origin'),
    });
    expect(await countsOf(shop.id)).toEqual({ impressions: 1, clicks: 1 });
  });

  it('counts nothing from an ad-free member, whose pages never ask for ads', async () => {
    const core = await memberAt(s, 'core');
    const kit = await servingAd(s, admin, { link_url: 'https://shop.example.com/core' });
    const imp = await call(s, 'POST', `/api/v1/ads/${kit.id}/impression?slot=videos`, {
      token: core.token,
    });
    expect(imp.status).toBe(204);
    const res = await click(kit.id, 'slot=videos', core.token);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://shop.example.com/core');
    expect(await countsOf(kit.id)).toEqual({ impressions: 0, clicks: 0 });
    // The same reports from a free member count.
    const free = await memberAt(s, 'free');
    await call(s, 'POST', `/api/v1/ads/${kit.id}/impression?slot=videos`, { token: free.token });
    await click(kit.id, 'slot=videos', free.token);
    expect(await countsOf(kit.id)).toEqual({ impressions: 1, clicks: 1 });
  });

  it('still redirects a click whose counting fails (the count is lost, not the visitor)', async () => {
    const away = await servingAd(s, admin, { link_url: 'https://shop.example.com/away' });
    await s.database.db.execute(sql`alter table ad_daily_counts rename to ad_daily_counts_away`);
    try {
      const res = await click(away.id, 'slot=videos', undefined, 'Counting fails');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://shop.example.com/away');
    } finally {
      await s.database.db.execute(sql`alter table ad_daily_counts_away rename to ad_daily_counts`);
    }
    // An ad that is gone is still a 404, never a redirect.
    expect((await click(999_999)).status).toBe(404);
  });

  it('answers a flood of impressions with 429, not 500', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < AD_COUNT_RATE.perIp + 10; i += 1) {
      statuses.add((await impression(ad.id, undefined, `Flood ${i}`)).status);
    }
    expect(statuses).toEqual(new Set([204, 429]));
  });

  it('counts an IPv6 guest once per /64, whichever of its addresses it takes', async () => {
    // Behind a trusted balancer (loopback here), the forwarded address is the guest's.
    const proxied = await startServer(backend, { TRUST_PROXY: '127.0.0.1' });
    try {
      const boss = await member(proxied, { name: 'Bo', admin: true });
      const shown = await servingAd(proxied, boss, { slot: 'videos' });
      const from = (address: string) =>
        call(proxied, 'POST', `/api/v1/ads/${shown.id}/impression?slot=videos`, {
          headers: { 'user-agent': 'Phone', 'x-forwarded-for': address },
        }).then((r) => r.status);
      for (const address of ['2001:db8:7::1', '2001:db8:7:0:9:8:7:6', '2001:db8:7::abcd']) {
        expect(await from(address)).toBe(204);
      }
      expect(await countsOf(shown.id, proxied)).toEqual({ impressions: 1, clicks: 0 });
      expect(await from('2001:db8:8::1')).toBe(204);
      expect(await countsOf(shown.id, proxied)).toEqual({ impressions: 2, clicks: 0 });
    } finally {
      await proxied.close();
    }
  });
});
