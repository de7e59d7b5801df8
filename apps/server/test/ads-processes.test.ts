import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { localBus, type InterServerBus } from '../src/realtime/inter-server-bus.js';
import { backends, listenApp, type TestServer } from './harness.js';
import { call, serve, servingAd } from './ads-fixtures.js';
import { member, type Member } from './races-fixtures.js';

/**
 * Each process serves ads from its own memory (issue 27); an admin's change on one reaches the
 * others through the inter-server bus: Redis with TEST_REDIS_URL, else one bus in this process.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.each(backends)('ads caches of two apps on one database ($name)', (backend) => {
  let database: Database & { drop: () => Promise<void> };
  let dataDir: string;
  const apps: FastifyInstance[] = [];
  let a: { baseUrl: string };
  let b: { baseUrl: string };
  /** A third app on its own bus: told nothing, it keeps what it loaded (so the test can fail). */
  let deaf: { baseUrl: string };
  let admin: Member;

  const start = async (interServer?: InterServerBus) => {
    const env: Record<string, string> = redisUrl && !interServer ? { REDIS_URL: redisUrl } : {};
    const started = await listenApp({ database, dataDir, env, interServer });
    apps.push(started.app);
    return { baseUrl: started.baseUrl };
  };

  beforeAll(async () => {
    database = await backend.open();
    dataDir = await mkdtemp(path.join(tmpdir(), 'ra-ads-apps-'));
    const shared = redisUrl ? undefined : localBus();
    a = await start(shared);
    b = await start(shared);
    deaf = await start(localBus());
    admin = await member({ database } as Pick<TestServer, 'database'> as TestServer, {
      admin: true,
    });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** What `s` serves in `slot` once it settles (the other process reloads within a moment). */
  async function servedSoon(s: { baseUrl: string }, slot: string, want: number | null) {
    const until = Date.now() + 3000;
    for (;;) {
      const id = (await serve(s, slot)).ad?.id ?? null;
      if (id === want || Date.now() > until) return id;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('serves on B what an admin made on A, and stops when A turns it off or deletes it', async () => {
    const ad = await servingAd(a, admin, { slot: 'activities' });
    expect((await serve(a, 'activities')).ad?.id).toBe(ad.id);
    expect(await servedSoon(b, 'activities', ad.id)).toBe(ad.id);
    // The deaf app loaded before the ad existed and was told nothing.
    expect((await serve(deaf, 'activities')).ad).toBeNull();

    const off = await call(a, 'PATCH', `/api/v1/admin/ads/${ad.id}`, {
      token: admin.token,
      json: { active: false },
    });
    expect(off.status).toBe(200);
    expect((await serve(a, 'activities')).ad).toBeNull();
    expect(await servedSoon(b, 'activities', null)).toBeNull();
    expect((await call(b, 'GET', `/api/v1/ads/${ad.id}/click?slot=activities`)).status).toBe(404);

    const again = await servingAd(a, admin, { slot: 'featured' });
    expect(await servedSoon(b, 'featured', again.id)).toBe(again.id);
    expect(
      (await call(a, 'DELETE', `/api/v1/admin/ads/${again.id}`, { token: admin.token })).status,
    ).toBe(204);
    expect(await servedSoon(b, 'featured', null)).toBeNull();
    expect((await call(b, 'POST', `/api/v1/ads/${again.id}/impression?slot=featured`)).status).toBe(
      404,
    );
  });
});
