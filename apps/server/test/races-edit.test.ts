import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Race } from '@ridealong/contracts';
import { raceFiles, races } from '../src/db/schema.js';
import { backends, startServer, type TestServer } from './harness.js';
import {
  json,
  mediaDirOf,
  member,
  search,
  searchAll,
  video,
  videos,
  type Member,
} from './races-fixtures.js';

describe.each(backends)('changing videos on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  let other: Member;
  let admin: Member;
  beforeAll(async () => {
    s = await startServer(backend);
    owner = await member(s, { name: 'Owner' });
    other = await member(s, { name: 'Other' });
    admin = await member(s, { name: 'Admin', admin: true });
  });
  afterAll(() => s.close());

  const edit = (url: string, title: string) => ({
    url,
    title,
    description: 'New words',
    channel_visible: false,
    search_visible: true,
  });
  const message = async (res: Response) => ((await res.json()) as { message: string }).message;

  it('lets the owner edit and answers the updated video', async () => {
    const v = await video(s, owner, { title: 'Edittag sunrise' });
    const res = await s.post('/api/v1/race/edit', edit(v.url, 'Edittag sunset'), owner.token);
    expect(await json<Race>(res)).toMatchObject({
      url: v.url,
      title: 'Edittag sunset',
      description: 'New words',
      channel_visible: false,
      search_visible: true,
    });
    expect(await searchAll(s, 'edittag sunset')).toEqual(['Edittag sunset']);
    expect(await searchAll(s, 'sunrise edittag')).toEqual([]);
    // An admin may too.
    const byAdmin = await s.post('/api/v1/race/edit', edit(v.url, 'Edittag admin'), admin.token);
    expect(byAdmin.status).toBe(200);
  });

  it('refuses other members (403), guests (401), unknown videos (404) and bad input (400)', async () => {
    const v = await video(s, owner, { title: 'Guarded' });
    const byOther = await s.post('/api/v1/race/edit', edit(v.url, 'Taken'), other.token);
    expect(byOther.status).toBe(403);
    expect(await message(byOther)).toBe('Only the owner can change this video.');
    expect((await s.post('/api/v1/race/edit', edit(v.url, 'Taken'))).status).toBe(401);
    expect((await s.post('/api/v1/race/edit', edit('nope', 'Taken'), owner.token)).status).toBe(
      404,
    );
    const blank = await s.post('/api/v1/race/edit', edit(v.url, '   '), owner.token);
    expect(blank.status).toBe(400);
    expect(await message(blank)).toBe('body.title: Required');
    const [row] = await s.database.db.select().from(races).where(eq(races.id, v.id));
    expect(row?.title).toBe('Guarded');
  });

  it('deletes with its media for the owner only', async () => {
    const media = mediaDirOf(s);
    const v = await video(s, owner, { title: 'Doomed', mediaKey: 'streams/doomed-1' });
    await mkdir(path.join(media, 'streams/doomed-1'), { recursive: true });
    await writeFile(path.join(media, 'streams/doomed-1/master.m3u8'), '#EXTM3U');
    await mkdir(path.join(media, 'uploads', String(v.id)), { recursive: true });
    const source = `uploads/${v.id}/0-a.mp4`;
    await writeFile(path.join(media, source), 'video');
    await s.database.db
      .insert(raceFiles)
      .values({ raceId: v.id, position: 0, originalName: 'a.mp4', storageKey: source });

    expect((await s.post('/api/v1/race/delete', { id: v.id })).status).toBe(401);
    expect((await s.post('/api/v1/race/delete', { id: v.id }, other.token)).status).toBe(403);
    expect(existsSync(path.join(media, source))).toBe(true);

    expect(await json(await s.post('/api/v1/race/delete', { id: v.id }, owner.token))).toEqual({
      status: 'success',
    });
    expect(existsSync(path.join(media, 'streams/doomed-1'))).toBe(false);
    expect(existsSync(path.join(media, source))).toBe(false);
    expect(await s.database.db.select().from(races).where(eq(races.id, v.id))).toEqual([]);
    expect(await json(await s.get(`/api/v1/race/${v.url}`))).toBeNull();
    expect((await s.post('/api/v1/race/delete', { id: v.id }, owner.token)).status).toBe(404);
    expect((await s.post('/api/v1/race/delete', { id: 'x' }, owner.token)).status).toBe(400);
  });

  it('lets an admin delete a video without media', async () => {
    const v = await video(s, owner, { title: 'Admin removes' });
    expect((await s.post('/api/v1/race/delete', { id: v.id }, admin.token)).status).toBe(200);
    expect(await s.database.db.select().from(races).where(eq(races.id, v.id))).toEqual([]);
  });

  it('updates large totals at once after an edit or a delete made here', async () => {
    await videos(
      s,
      owner,
      Array.from({ length: 1100 }, (_, i) => ({ title: `Bulktag ${i}` })),
    );
    const before = (await search(s, { term: 'bulktag' })).total_count;
    expect(before).toBe(1100);
    // Served from the remembered total now, and still right after changes.
    const v = await video(s, owner, { title: 'Bulktag extra' });
    await s.post(
      '/api/v1/race/edit',
      { ...edit(v.url, 'Bulktag extra'), search_visible: true },
      owner.token,
    );
    expect((await search(s, { term: 'bulktag' })).total_count).toBe(1101);
    await s.post(
      '/api/v1/race/edit',
      { ...edit(v.url, 'Bulktag extra'), search_visible: false },
      owner.token,
    );
    expect((await search(s, { term: 'bulktag' })).total_count).toBe(1100);
    const first = (await search(s, { term: 'bulktag' })).videos[0]!;
    await s.post('/api/v1/race/delete', { id: first.id }, owner.token);
    expect((await search(s, { term: 'bulktag' })).total_count).toBe(1099);
  });

  it('takes duration corrections from the owner directly, within 10 %', async () => {
    const v = await video(s, owner, { duration: 1000 });
    const change = (id: number, seconds: number, token?: string, url = '/change-duration/') =>
      s.post(`/api/v1/races${url}`, { race_id: id, new_duration: seconds }, token);

    expect((await change(v.id, 1050)).status).toBe(401);
    expect(await json(await change(v.id, 1050, owner.token))).toEqual({
      status: 'success',
      duration: 1050,
    });
    const far = await change(v.id, 2000, owner.token);
    expect(far.status).toBe(400);
    expect(await message(far)).toBe('The new duration is too far from the video’s duration.');
    expect((await change(v.id, 1000, owner.token, '/change-duration')).status).toBe(200);
    const [row] = await s.database.db.select().from(races).where(eq(races.id, v.id));
    expect(row?.duration).toBe(1000);
    // Anyone else reports through a ride (races-duration.test.ts).
    expect((await change(v.id, 1010, other.token)).status).toBe(403);

    const unknown = await video(s, owner, { duration: 0 });
    expect(await json(await change(unknown.id, 4321.5, owner.token))).toEqual({
      status: 'success',
      duration: 4321.5,
    });
    expect((await change(999_999, 100, other.token)).status).toBe(404);
    expect((await change(v.id, -5, owner.token)).status).toBe(400);
  });
});
