import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { GROUP } from '@ridealong/contracts';
import { eventRiders, groupEvents } from '../src/db/schema.js';
import { backends, startServer, type TestServer } from './harness.js';
import { ask, connectGroup } from './group-fixtures.js';
import { json, member, video, type Member } from './races-fixtures.js';

/**
 * POST /event/create, get-status and get-start-time (document 001 section 7) through HTTP:
 * who may create, the one-open-event-per-host rule and its retry, concurrent creates, and
 * hostile ids and text. The lists are in events-lists.test.ts.
 */

type Failure = { status: 'failure'; message: string };

describe.each(backends)('event create and status calls on $name', (backend) => {
  let s: TestServer;
  let alice: Member;
  let bob: Member;
  let ready: { id: number; url: string; title: string };
  let other: { id: number; url: string; title: string };

  const create = (body: unknown, token?: string) => s.post('/api/v1/event/create', body, token);
  const created = async (body: unknown, token: string) =>
    (await json<{ eventId: number }>(await create(body, token))).eventId;
  const failure = async (res: Response, status: number) => {
    const body = await json<Failure>(res, status);
    expect(body.status).toBe('failure');
    expect(body.message.trim()).not.toBe('');
    return body.message;
  };
  const poster = () => ({ mediaKey: `media-${randomUUID()}`, posterFile: 'poster.jpg' });
  const openMemberships = (userId: number) =>
    s.database.db
      .select()
      .from(eventRiders)
      .where(and(eq(eventRiders.userId, userId), isNull(eventRiders.leftAt)));
  const eventRow = async (id: number) => {
    const [row] = await s.database.db.select().from(groupEvents).where(eq(groupEvents.id, id));
    if (!row) throw new Error(`no event ${id}`);
    return row;
  };
  const complete = (id: number) =>
    s.database.db
      .update(groupEvents)
      .set({ status: 'complete', endReason: 'canceled', completedAt: new Date() })
      .where(eq(groupEvents.id, id));

  beforeAll(async () => {
    s = await startServer(backend);
    alice = await member(s, { name: 'Alice' });
    bob = await member(s, { name: 'Bob' });
    ready = await video(s, bob, { title: 'Col de la Croix', duration: 1799.6, ...poster() });
    other = await video(s, bob, { title: 'Harbour loop', ...poster() });
  });
  afterAll(() => s.close());

  it('refuses guests (401) and another member as host (403)', async () => {
    expect(await failure(await create({ race_url: ready.url }), 401)).toBe('Please log in.');
    await failure(await create({ race_url: ready.url }, 'not-a-session'), 401);
    expect(
      await failure(
        await create({ race_url: ready.url, host_user: bob.user.id }, alice.token),
        403,
      ),
    ).toBe('You can only host an event yourself.');
    expect(await openMemberships(alice.user.id)).toEqual([]);
  });

  it('refuses an unknown video (404) and one that is not ready (400)', async () => {
    const carol = await member(s, { name: 'Carol' });
    expect(await failure(await create({ race_url: 'no-such-video' }, carol.token), 404)).toBe(
      'Video not found.',
    );
    for (const status of ['uploading', 'processing', 'failed'] as const) {
      const v = await video(s, bob, { status });
      expect(await failure(await create({ race_url: v.url }, carol.token), 400)).toBe(
        'This video is not ready to ride yet.',
      );
    }
    const hosted = await s.database.db
      .select()
      .from(groupEvents)
      .where(eq(groupEvents.hostUserId, carol.user.id));
    expect(hosted).toEqual([]);
  });

  it('creates an event hosted by the caller, who rides it, titled as the video', async () => {
    const dave = await member(s, { name: 'Dave' });
    const id = await created({ race_url: ` ${ready.url} `, host_user: dave.user.id }, dave.token);
    expect(await eventRow(id)).toMatchObject({
      hostUserId: dave.user.id,
      raceId: ready.id,
      raceUrl: ready.url,
      title: 'Col de la Croix',
      hostDisplayName: 'Dave',
      status: 'waiting-room',
      endReason: null,
      timeStart: null,
      duration: 1800,
      completedAt: null,
    });
    expect((await openMemberships(dave.user.id)).map((r) => r.eventId)).toEqual([id]);
    expect(await json(await s.get(`/api/v1/event/get-status/${id}`))).toEqual({
      status: 'waiting-room',
    });
  });

  it('names the host by the member’s own display name, whatever name is sent', async () => {
    const erin = await member(s, { name: 'Erin' });
    const first = await created(
      { race_url: ready.url, host_user_display_name: '  Team Erin 🚴  ' },
      erin.token,
    );
    expect((await eventRow(first)).hostDisplayName).toBe('Erin');
    await complete(first);
    const second = await created(
      { race_url: ready.url, host_user_display_name: '   ' },
      erin.token,
    );
    expect((await eventRow(second)).hostDisplayName).toBe('Erin');
  });

  it('leaves the member’s other open event when they create one', async () => {
    const host = await member(s, { name: 'Host' });
    const rider = await member(s, { name: 'Rider' });
    const hosted = await created({ race_url: ready.url }, host.token);
    await s.database.db.insert(eventRiders).values({ eventId: hosted, userId: rider.user.id });
    const own = await created({ race_url: other.url }, rider.token);
    expect((await openMemberships(rider.user.id)).map((r) => r.eventId)).toEqual([own]);
    const [left] = await s.database.db
      .select()
      .from(eventRiders)
      .where(and(eq(eventRiders.eventId, hosted), eq(eventRiders.userId, rider.user.id)));
    expect(left?.leftAt).toBeInstanceOf(Date);
    // The host of the first event is untouched.
    expect((await openMemberships(host.user.id)).map((r) => r.eventId)).toEqual([hosted]);
  });

  it('gives a host one open event: a retry gets it back, a new create ends an unridden one, 409 while others ride', async () => {
    const frank = await member(s, { name: 'Frank' });
    const id = await created({ race_url: ready.url }, frank.token);
    // A retry (same video, still in the waiting room) is the same event, the host still in it.
    expect(await created({ race_url: ready.url }, frank.token)).toBe(id);
    expect(await created({ race_url: ready.url, host_user: frank.user.id }, frank.token)).toBe(id);
    expect((await openMemberships(frank.user.id)).map((r) => r.eventId)).toEqual([id]);
    // Another video: the host has moved on; the unstarted event ends as their leaving would.
    const second = await created({ race_url: other.url }, frank.token);
    expect(second).not.toBe(id);
    expect(await eventRow(id)).toMatchObject({ status: 'complete', endReason: 'canceled' });
    expect((await openMemberships(frank.user.id)).map((r) => r.eventId)).toEqual([second]);

    // Started, with another rider present (joined over /group): a new create is refused.
    await s.database.db
      .update(groupEvents)
      .set({ status: 'in-progress', timeStart: new Date() })
      .where(eq(groupEvents.id, second));
    const rider = await member(s, { name: 'Rider of Frank' });
    const socket = await connectGroup(s, rider.token);
    try {
      expect(await ask(socket, 'group-join-room', { roomId: second })).toMatchObject({ ok: true });
      expect(await failure(await create({ race_url: ready.url }, frank.token), 409)).toBe(
        'You are already hosting an event. Leave it first.',
      );
      expect(await eventRow(second)).toMatchObject({ status: 'in-progress' });
    } finally {
      socket.close();
    }
    // Once it is complete the host may create again.
    await complete(second);
    const next = await created({ race_url: other.url }, frank.token);
    expect(next).not.toBe(second);
    expect((await openMemberships(frank.user.id)).map((r) => r.eventId)).toEqual([next]);
  });

  it('limits a member to GROUP.createsPerHour creates an hour (429), others unaffected', async () => {
    const flo = await member(s, { name: 'Flo' });
    for (let i = 0; i < GROUP.createsPerHour; i += 1) {
      expect((await create({ race_url: ready.url }, flo.token)).status).toBe(200);
    }
    const refused = await create({ race_url: ready.url }, flo.token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const other = await member(s, { name: 'Not Flo' });
    expect((await create({ race_url: ready.url }, other.token)).status).toBe(200);
  });

  it('ends five concurrent creates of one host in one event, never a 500', async () => {
    const gina = await member(s, { name: 'Gina' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => create({ race_url: ready.url }, gina.token)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { eventId: number }).eventId),
    );
    expect(new Set(ids).size).toBe(1);
    const hosted = await s.database.db
      .select()
      .from(groupEvents)
      .where(eq(groupEvents.hostUserId, gina.user.id));
    expect(hosted.map((e) => e.id)).toEqual([ids[0]]);
    expect((await openMemberships(gina.user.id)).map((r) => r.eventId)).toEqual([ids[0]]);

    // Five different videos at once: each create ends the one before (nobody rides them), in
    // the member lock's order; one event is left open, never a 500.
    const henry = await member(s, { name: 'Henry' });
    const urls = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => (await video(s, bob, { title: `V${i}` })).url),
    );
    const mixed = await Promise.all(urls.map((u) => create({ race_url: u }, henry.token)));
    expect(mixed.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const henrys = await s.database.db
      .select()
      .from(groupEvents)
      .where(eq(groupEvents.hostUserId, henry.user.id));
    expect(henrys.filter((e) => e.status !== 'complete')).toHaveLength(1);
    expect(henrys.filter((e) => e.endReason === 'canceled')).toHaveLength(4);
    expect(await openMemberships(henry.user.id)).toHaveLength(1);
  });

  it('answers get-status and get-start-time, 404 for an unknown event', async () => {
    const ivy = await member(s, { name: 'Ivy' });
    const id = await created({ race_url: ready.url }, ivy.token);
    const before = Date.now();
    const waiting = await json<{ timeStart: number | null; serverNow: number }>(
      await s.get(`/api/v1/event/get-start-time/${id}`),
    );
    expect(waiting.timeStart).toBeNull();
    expect(waiting.serverNow).toBeGreaterThanOrEqual(before - 1000);
    expect(waiting.serverNow).toBeLessThanOrEqual(Date.now() + 1000);

    const pressed = new Date('2030-05-06T07:08:09.123Z');
    await s.database.db
      .update(groupEvents)
      .set({ status: 'in-progress', timeStart: pressed })
      .where(eq(groupEvents.id, id));
    expect(await json(await s.get(`/api/v1/event/get-status/${id}`))).toEqual({
      status: 'in-progress',
    });
    const started = await json<{ timeStart: number }>(
      await s.get(`/api/v1/event/get-start-time/${id}`, alice.token),
    );
    expect(started.timeStart).toBe(pressed.getTime());
    await complete(id);
    expect(await json(await s.get(`/api/v1/event/get-status/${id}`))).toEqual({
      status: 'complete',
    });

    for (const path of ['get-status', 'get-start-time']) {
      expect(await failure(await s.get(`/api/v1/event/${path}/2147483647`), 404)).toBe(
        'Event not found.',
      );
    }
  });

  it('answers absurd ids with a 400', async () => {
    const absurd = ['0', '-1', String(2 ** 40), 'abc', '1e308', '1.5', '2147483648', '%20'];
    for (const path of ['get-status', 'get-start-time']) {
      for (const id of absurd) {
        await failure(await s.get(`/api/v1/event/${path}/${id}`), 400);
      }
    }
  });

  it('answers text the database cannot store (NUL) with a 400', async () => {
    const nul = 'ride\u0000along';
    const jack = await member(s, { name: 'Jack' });
    expect(await failure(await create({ race_url: nul }, jack.token), 400)).toMatch(
      /cannot be stored/,
    );
    expect(
      await failure(
        await create({ race_url: ready.url, host_user_display_name: nul }, jack.token),
        400,
      ),
    ).toMatch(/cannot be stored/);
    for (const path of [
      '/api/v1/event/get-status/1%00',
      '/api/v1/event/get-start-time/%001',
      '/api/v1/event/completed-page?start=0%00',
      '/api/v1/event/active-page?x=%00',
    ]) {
      expect(await failure(await s.get(path), 400)).toMatch(/cannot be stored/);
    }
    expect(await openMemberships(jack.user.id)).toEqual([]);
  });

  it('answers malformed create bodies with a 400', async () => {
    const kim = await member(s, { name: 'Kim' });
    for (const body of [
      {},
      { race_url: '' },
      { race_url: '   ' },
      { race_url: 'x'.repeat(201) },
      { race_url: 42 },
      { race_url: ready.url, host_user: 'abc' },
      { race_url: ready.url, host_user: 0 },
      { race_url: ready.url, host_user: 2 ** 40 },
      { race_url: ready.url, host_user: 1e308 },
      { race_url: ready.url, host_user_display_name: 'x'.repeat(101) },
      { race_url: ready.url, host_user_display_name: { a: 1 } },
      [],
      'text',
    ]) {
      await failure(await create(body, kim.token), 400);
    }
    expect(await openMemberships(kim.user.id)).toEqual([]);
  });
});
