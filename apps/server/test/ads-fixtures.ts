import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AccountLevel, AdInput, AdminAd, AdServing } from '@ridealong/contracts';
import { users } from '../src/db/schema.js';
import type { TestServer } from './harness.js';
import { pngImage } from './image-fixtures.js';
import { member, type Member } from './races-fixtures.js';

/** House ads through the HTTP API (issue 27), and members of each plan. */

export const DAY_MS = 86_400_000;
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A member at `level`; extra plan fields as the billing module writes them. */
export async function memberAt(
  s: TestServer,
  level: AccountLevel,
  extra: { complimentaryAccess?: boolean; currentPeriodEndDate?: Date | null } = {},
): Promise<Member> {
  const m = await member(s, { name: `Rider ${level}` });
  const [user] = await s.database.db
    .update(users)
    .set({ accountLevel: level, ...extra })
    .where(eq(users.id, m.user.id))
    .returning();
  return { ...m, user: user ?? m.user };
}

/** Any method with an optional JSON body and token; answers the raw response. */
export function call(
  s: { baseUrl: string },
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(s.baseUrl + path, {
    method,
    redirect: 'manual',
    headers: {
      ...(opts.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { 'x-auth-token': opts.token } : {}),
      ...opts.headers,
    },
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
  });
}

export const adInput = (over: Partial<AdInput> = {}): AdInput => ({
  title: 'Ride more',
  link_url: 'https://example.com/offer',
  slot: 'videos',
  starts_at: isoIn(-DAY_MS),
  ends_at: null,
  weight: 10,
  active: true,
  ...over,
});

export async function createAd(
  s: { baseUrl: string },
  admin: Member,
  over: Partial<AdInput> = {},
): Promise<AdminAd> {
  const res = await call(s, 'POST', '/api/v1/admin/ads', {
    token: admin.token,
    json: adInput(over),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as AdminAd;
}

export async function uploadImage(
  s: { baseUrl: string },
  token: string,
  id: number | string,
  bytes: Buffer,
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'ad.png');
  return fetch(`${s.baseUrl}/api/v1/admin/ads/${id}/image`, {
    method: 'POST',
    body: form,
    headers: { 'x-auth-token': token },
  });
}

/** An ad that serves: created, then given an image. */
export async function servingAd(
  s: { baseUrl: string },
  admin: Member,
  over: Partial<AdInput> = {},
): Promise<AdminAd> {
  const ad = await createAd(s, admin, over);
  const res = await uploadImage(s, admin.token, ad.id, await pngImage(64, 32));
  expect(res.status).toBe(200);
  return (await res.json()) as AdminAd;
}

export async function serve(
  s: { baseUrl: string },
  slot: string,
  token?: string,
): Promise<AdServing> {
  const res = await call(s, 'GET', `/api/v1/ads?slot=${slot}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as AdServing;
}
