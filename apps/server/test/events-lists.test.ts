import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { GROUP, type EventListItem } from '@ridealong/contracts';
import { eventRiders, groupEvents, races, users } from '../src/db/schema.js';
import { backends, startServer, uniqueEmail, type TestServer } from './harness.js';
import { json, member, video, type Member } from './races-fixtures.js';

/**
 * The public /events lists (document 001 section 7): active-page, completed-page and
 * count-completed-events, their order, paging, cap and cards. Completion is the /group side's
 * work, so completed events are made here by writing status and completed_at directly.
 */

type Failure = { status: 'failure'; message: string };
type List = { events: EventListItem[] };

describe.each(backends)('event lists on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  let withPoster: { id: number; url: string };
  let noPoster: { id: number; url: string };

  const active = async () => (await json<List>(await s.get('/api/v1/event/active-page'))).events;
  const completedPage = async (query = '') =>
    (await json<List>(await s.get(`/api/v1/event/completed-page${query}`))).events;
  const count = async () =>
    (await json<{ count: number }>(await s.get('/api/v1/event/count-completed-events'))).count;
  const create = async (host: Member, raceUrl: string) =>
    (
      await json<{ eventId: number }>(
        await s.post('/api/v1/event/create', { race_url: raceUrl }, host.token),
      )
    ).eventId;
  const setEvent = (id: number, values: Partial<typeof groupEvents.$inferInsert>) =>
    s.database.db.update(groupEvents).set(values).where(eq(groupEvents.id, id));
  /** A ridden event's end: started an hour before it completed. */
  const completeAt = (id: number, at: Date) =>
    setEvent(id, {
      status: 'complete',
      endReason: 'finished',
      completedAt: at,
      timeStart: new Date(at.getTime() - 3600_000),
    });
  /** Completes every open event, so each test starts from an empty active list. */
  const completeAllOpen = () =>
    s.database.db
      .update(groupEvents)
      .set({ status: 'complete', endReason: 'abandoned', completedAt: new Date('2000-01-01') })
      .where(inArray(groupEvents.status, ['waiting-room', 'in-progress']));

  beforeAll(async () => {
    s = await startServer(backend);
    owner = await member(s, { name: 'Owner' });
    withPoster = await video(s, owner, {
      title: 'Poster ride',
      mediaKey: `media-${randomUUID()}`,
      posterFile: 'poster.jpg',
    });
    noPoster = await video(s, owner, { title: 'Plain ride' });
  });
  afterAll(() => s.close());

  it('lists nothing on a fresh server, for guests', async () => {
    expect(await active()).toEqual([]);
    expect(await completedPage()).toEqual([]);
    expect(await count()).toBe(0);
  });

  it('lists open events in progress first, then newest, as cards with riders and thumbnails', async () => {
    const [a, b, c] = [
      await member(s, { name: 'Ann' }),
      await member(s, { name: 'Ben' }),
      await member(s, { name: 'Cat' }),
    ];
    const first = await create(a, withPoster.url);
    const second = await create(b, noPoster.url);
    const third = await create(c, withPoster.url);
    // Distinct creation times, so "newest" does not depend on the clock's resolution.
    await setEvent(first, { createdAt: new Date('2030-01-01T00:00:01Z') });
    await setEvent(second, { createdAt: new Date('2030-01-01T00:00:02Z') });
    await setEvent(third, { createdAt: new Date('2030-01-01T00:00:03Z') });
    const pressed = new Date('2030-01-01T00:10:00Z');
    await setEvent(first, { status: 'in-progress', timeStart: pressed });
    // Two more riders in the first event, one who left: two plus the host ride it.
    const [r1, r2, r3] = [
      await member(s, { name: 'R1' }),
      await member(s, { name: 'R2' }),
      await member(s, { name: 'R3' }),
    ];
    await s.database.db.insert(eventRiders).values([
      { eventId: first, userId: r1.user.id },
      { eventId: first, userId: r2.user.id },
      { eventId: first, userId: r3.user.id, leftAt: new Date() },
    ]);

    const list = await active();
    expect(list.map((e) => e.id)).toEqual([first, third, second]);
    const [inProgress, newest, oldest] = list;
    expect(inProgress).toEqual({
      id: first,
      status: 'in-progress',
      race_url: withPoster.url,
      title: 'Poster ride',
      host_user_display_name: 'Ann',
      thumbnail_url: expect.stringMatching(/^\/media\/[^/]+\/poster\.jpg$/) as string,
      timeStart: pressed.getTime(),
      riders: 3,
      // Everyone who was ever in: the one who left too.
      joined: 4,
    });
    expect(newest).toMatchObject({ status: 'waiting-room', timeStart: null, riders: 1, joined: 1 });
    expect(oldest).toMatchObject({ title: 'Plain ride', thumbnail_url: null, riders: 1 });
    // The thumbnail is the video card's: the same signed poster GET /race/{url} gives.
    const race = await json<{ thumbnail_url: string }>(
      await s.get(`/api/v1/race/${withPoster.url}`),
    );
    expect(inProgress?.thumbnail_url).toBe(race.thumbnail_url);

    await completeAllOpen();
    expect(await active()).toEqual([]);
  });

  it('pages completed events newest completed first, ties by id, with a count', async () => {
    const before = await count();
    const hosts = await Promise.all(
      Array.from({ length: 13 }, (_, i) => member(s, { name: `Done${i}` })),
    );
    const ids: number[] = [];
    for (const host of hosts) ids.push(await create(host, withPoster.url));
    // Completed an hour apart, but the last three at one moment (the id decides).
    const base = Date.parse('2031-01-01T00:00:00Z');
    for (const [i, id] of ids.entries()) {
      await completeAt(id, new Date(base + Math.min(i, 10) * 3600_000));
    }
    expect(await count()).toBe(before + 13);
    expect(await active()).toEqual([]);

    const expected = [...ids].reverse();
    const first = await completedPage();
    expect(first).toHaveLength(GROUP.completedPageSize);
    expect(first.map((e) => e.id)).toEqual(expected.slice(0, 10));
    // The hosts' memberships are still open here: a complete event lists 0 riders anyway.
    expect(first.every((e) => e.status === 'complete' && e.riders === 0)).toBe(true);
    expect(first[0]?.thumbnail_url).toMatch(/^\/media\//);
    const rest = await completedPage('?start=10&paginate=10');
    // Then the older ones completed by earlier tests.
    expect(rest.slice(0, 3).map((e) => e.id)).toEqual(expected.slice(10, 13));
    expect(rest).toHaveLength(Math.min(10, before + 3));
    expect((await completedPage('?start=3&paginate=2')).map((e) => e.id)).toEqual(
      expected.slice(3, 5),
    );
    const all = await completedPage(`?paginate=${GROUP.completedPageMax}`);
    expect(all.slice(0, 13).map((e) => e.id)).toEqual(expected);
    expect(await completedPage('?start=1000000')).toEqual([]);
  });

  it('keeps a completed event listed, title kept, once its video is deleted', async () => {
    const host = await member(s, { name: 'Gone' });
    const doomed = await video(s, owner, {
      title: 'Deleted ride',
      mediaKey: `media-${randomUUID()}`,
      posterFile: 'poster.jpg',
    });
    const id = await create(host, doomed.url);
    await completeAt(id, new Date('2040-01-01T00:00:00Z'));
    await s.database.db.delete(races).where(eq(races.id, doomed.id));
    const [top] = await completedPage('?paginate=1');
    expect(top).toMatchObject({
      id,
      title: 'Deleted ride',
      race_url: doomed.url,
      thumbnail_url: null,
      riders: 0,
    });
  });

  it('answers absurd paging with a 400', async () => {
    for (const query of [
      'paginate=0',
      `paginate=${GROUP.completedPageMax + 1}`,
      'paginate=-1',
      'paginate=abc',
      'paginate=1.5',
      'paginate=1e308',
      'start=-1',
      'start=1000001',
      'start=1e308',
      'start=abc',
      `start=${2 ** 40}`,
    ]) {
      const res = await s.get(`/api/v1/event/completed-page?${query}`);
      const body = await json<Failure>(res, 400);
      expect(body.status).toBe('failure');
      expect(body.message).toMatch(/querystring\.(start|paginate)/);
    }
  });

  it(`lists at most ${GROUP.activeListLimit} active events, those in progress first`, async () => {
    await completeAllOpen();
    const n = GROUP.activeListLimit + 5;
    const hosts = await s.database.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: uniqueEmail('cap'),
          username: `Cap${i}`,
          displayName: `Cap${i}`,
        })),
      )
      .returning({ id: users.id });
    const at = Date.parse('2032-01-01T00:00:00Z');
    const rows = await s.database.db
      .insert(groupEvents)
      .values(
        hosts.map((h, i) => ({
          hostUserId: h.id,
          raceId: withPoster.id,
          raceUrl: withPoster.url,
          title: 'Poster ride',
          hostDisplayName: `Cap${i}`,
          createdAt: new Date(at + i * 1000),
          // The two oldest have started: they still come first.
          ...(i < 2 ? { status: 'in-progress' as const, timeStart: new Date(at) } : {}),
        })),
      )
      .returning({ id: groupEvents.id });
    const list = await active();
    expect(list).toHaveLength(GROUP.activeListLimit);
    const ids = rows.map((r) => r.id);
    expect(list.map((e) => e.id)).toEqual([
      ids[1],
      ids[0],
      ...ids
        .slice(2)
        .reverse()
        .slice(0, GROUP.activeListLimit - 2),
    ]);
    expect(list.every((e) => e.thumbnail_url?.startsWith('/media/'))).toBe(true);
  });
});
