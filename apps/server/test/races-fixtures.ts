import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Race } from '@ridealong/contracts';
import { races, users, type NewRaceRow, type UserRow } from '../src/db/schema.js';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { uniqueEmail, type TestServer } from './harness.js';

/** Members and videos written straight into the database (no uploads or media needed). */

export type Member = { user: UserRow; token: string };

export async function member(
  s: TestServer,
  opts: { name?: string; channelTitle?: string | null; admin?: boolean } = {},
): Promise<Member> {
  const name = opts.name ?? 'Rider';
  const [user] = await s.database.db
    .insert(users)
    .values({
      email: uniqueEmail(name.toLowerCase().replace(/\W/g, '')),
      emailVerified: true,
      username: name,
      displayName: name,
      channelTitle: opts.channelTitle === undefined ? `${name}'s Rides` : opts.channelTitle,
      admin: opts.admin ?? false,
    })
    .returning();
  if (!user) throw new Error('no user');
  const token = await sessionStore(s.database.db, 3600_000).create(user.id);
  return { user, token };
}

let clock = Date.parse('2025-01-01T00:00:00Z');
/** Each new video is a minute newer than the last, so "newest first" is predictable. */
export const nextTime = () => new Date((clock += 60_000));

export async function video(
  s: TestServer,
  owner: Member,
  values: Partial<NewRaceRow> = {},
): Promise<NewRaceRow & { id: number; url: string }> {
  const [row] = await s.database.db
    .insert(races)
    .values({
      url: `v-${randomBytes(6).toString('hex')}`,
      title: 'Untitled ride',
      description: '',
      status: 'ready',
      duration: 1200,
      createdAt: nextTime(),
      ...values,
      userId: owner.user.id,
    })
    .returning();
  if (!row) throw new Error('no race');
  return row;
}

/** Many videos in one insert (for paging through more than a thousand rows). */
export async function videos(
  s: TestServer,
  owner: Member,
  rows: Array<Partial<NewRaceRow>>,
): Promise<void> {
  await s.database.db.insert(races).values(
    rows.map((values) => ({
      url: `v-${randomBytes(6).toString('hex')}`,
      title: 'Untitled ride',
      status: 'ready' as const,
      duration: 1200,
      createdAt: nextTime(),
      ...values,
      userId: owner.user.id,
    })),
  );
}

export async function json<T>(res: Response, status = 200): Promise<T> {
  const body: unknown = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status });
  return body as T;
}

export type RacesPage = { races: { videos: Race[]; total_count: number; page_size: number } };

export async function search(
  s: TestServer,
  query: Record<string, string | number>,
  token?: string,
): Promise<RacesPage['races']> {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return (await json<RacesPage>(await s.get(`/api/v1/races?${qs}`, token))).races;
}

/** Titles of every page of a search, in order. */
export async function searchAll(s: TestServer, term: string, duration = 'all'): Promise<string[]> {
  const first = await search(s, { term, duration, pageSize: 100 });
  const titles = first.videos.map((v) => v.title);
  for (let page = 2; (page - 1) * 100 < first.total_count; page++) {
    const next = await search(s, { term, duration, pageSize: 100, currentPage: page });
    titles.push(...next.videos.map((v) => v.title));
  }
  expect(titles).toHaveLength(first.total_count);
  return titles;
}

/** The server's media folder ($DATA_DIR/media); the harness keeps the outbox in $DATA_DIR. */
export const mediaDirOf = (s: TestServer) => path.join(path.dirname(s.outboxDir), 'media');
