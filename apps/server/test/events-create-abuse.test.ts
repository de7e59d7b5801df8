import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventListItem } from '@ridealong/contracts';
import { groupEvents, users } from '../src/db/schema.js';
import { samplerMonthOf } from '../src/modules/media/access.js';
import { backends, startServer, type TestServer } from './harness.js';
import { json, member, video, type Member } from './races-fixtures.js';

/**
 * Issue 21, the event calls: ids that are not plain digits are 400 (as challenges answer),
 * the event card names the member who hosts it whatever name the client sent, and a member
 * may not host a video their plan cannot play in full.
 */

type Failure = { status: 'failure'; message: string };
type List = { events: EventListItem[] };

const EXCLUSIVE = 'Exclusive videos are part of the Pro plan, which is coming soon.';
const COMMUNITY =
  'Community videos are part of the Core and Pro plans. Upgrade to ride the whole video.';

describe.each(backends)('event create and path ids under abuse on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  let community: { id: number; url: string };
  let exclusive: { id: number; url: string };

  const create = (body: unknown, token?: string) => s.post('/api/v1/event/create', body, token);
  const failure = async (res: Response, status: number) => {
    const body = await json<Failure>(res, status);
    expect(body.status).toBe('failure');
    return body.message;
  };
  const hosted = (userId: number) =>
    s.database.db.select().from(groupEvents).where(eq(groupEvents.hostUserId, userId));
  const cards = async (path: string) => (await json<List>(await s.get(path))).events;
  /** Completes the member's open events, so the next create makes a new one. */
  const completeOf = (userId: number) =>
    s.database.db
      .update(groupEvents)
      .set({ status: 'complete', endReason: 'canceled', completedAt: new Date() })
      .where(eq(groupEvents.hostUserId, userId));

  beforeAll(async () => {
    s = await startServer(backend);
    owner = await member(s, { name: 'Owner' });
    community = await video(s, owner, { title: 'Community climb' });
    exclusive = await video(s, owner, {
      title: 'Pro only',
      exclusive: true,
      mediaKey: `media-${randomUUID()}`,
    });
  });
  afterAll(() => s.close());

  it('refuses host_user that is not the caller’s id as a number or its digits (400)', async () => {
    const ann = await member(s, { name: 'Ann' });
    const id = ann.user.id;
    for (const host_user of [
      [id],
      [String(id)],
      `${id}e0`,
      `0x${id.toString(16)}`,
      ` ${id}`,
      `${id} `,
      `${id}.0`,
      '1e3',
      '0x10',
      ' 1',
      -1,
      1.5,
      2 ** 31,
      '99999999999999999999',
      true,
      { id },
    ]) {
      const message = await failure(
        await create({ race_url: community.url, host_user }, ann.token),
        400,
      );
      expect(message, JSON.stringify(host_user)).toMatch(/^body\.host_user/);
    }
    expect(await hosted(id)).toEqual([]);
    // Her id as a number, or as its digits (v1 clients sent text ids).
    expect((await create({ race_url: community.url, host_user: id }, ann.token)).status).toBe(200);
    await completeOf(id);
    expect(
      (await create({ race_url: community.url, host_user: String(id) }, ann.token)).status,
    ).toBe(200);
  });

  it('answers path ids that are not plain decimal digits with a 400', async () => {
    const bea = await member(s, { name: 'Bea' });
    const { eventId } = await json<{ eventId: number }>(
      await create({ race_url: community.url }, bea.token),
    );
    const hex = `0x${eventId.toString(16)}`;
    for (const path of ['get-status', 'get-start-time']) {
      expect((await s.get(`/api/v1/event/${path}/${eventId}`)).status).toBe(200);
      for (const id of [
        `${eventId}e0`,
        hex,
        `%20${eventId}`,
        `${eventId}%20`,
        `+${eventId}`,
        `${eventId}.0`,
        '1e3',
        '0x10',
        '%201',
        '0b1',
        '-1',
        '1.5',
        '0',
        '2147483648',
        '99999999999999999999',
        'Infinity',
      ]) {
        const message = await failure(await s.get(`/api/v1/event/${path}/${id}`), 400);
        expect(message, `${path}/${id}`).toMatch(/^params\.(eventId|roomId)/);
      }
    }
  });

  it('names the host on the event card by their own display name, never the name sent', async () => {
    const cat = await member(s, { name: 'Cat' });
    const { eventId } = await json<{ eventId: number }>(
      await create(
        { race_url: community.url, host_user_display_name: 'boss (RideAlong staff)' },
        cat.token,
      ),
    );
    const card = async () =>
      (await cards('/api/v1/event/active-page')).find((e) => e.id === eventId);
    expect(await card()).toMatchObject({ host_user_display_name: 'Cat' });
    const [row] = await hosted(cat.user.id);
    expect(row?.hostDisplayName).toBe('Cat');

    // A name stored by an earlier server, and a member who renamed: the card reads the member.
    await s.database.db
      .update(groupEvents)
      .set({ hostDisplayName: 'boss (RideAlong staff)' })
      .where(eq(groupEvents.id, eventId));
    await s.database.db
      .update(users)
      .set({ displayName: 'Cat R.' })
      .where(eq(users.id, cat.user.id));
    expect(await card()).toMatchObject({ host_user_display_name: 'Cat R.' });
    // Ridden (started), so it is listed once complete.
    await s.database.db
      .update(groupEvents)
      .set({ status: 'in-progress', timeStart: new Date() })
      .where(eq(groupEvents.id, eventId));
    await completeOf(cat.user.id);
    const completed = await cards('/api/v1/event/completed-page?paginate=50');
    expect(completed.find((e) => e.id === eventId)).toMatchObject({
      host_user_display_name: 'Cat R.',
    });
  });

  it('refuses to let a member host a video their plan cannot play in full', async () => {
    const trial = await member(s, { name: 'Trial' });
    expect(trial.user.accountLevel).toBe('trial');
    expect(await failure(await create({ race_url: exclusive.url }, trial.token), 403)).toBe(
      EXCLUSIVE,
    );
    // The same answer as the video's playback gives the member.
    expect(
      await failure(await s.get(`/api/v1/race/${exclusive.id}/playback`, trial.token), 403),
    ).toBe(EXCLUSIVE);
    expect(await hosted(trial.user.id)).toEqual([]);
    // Community videos are a trial's (Core's) to host.
    expect((await create({ race_url: community.url }, trial.token)).status).toBe(200);

    const free = await member(s, { name: 'Free' });
    await s.database.db
      .update(users)
      .set({ accountLevel: 'free' })
      .where(eq(users.id, free.user.id));
    expect(await failure(await create({ race_url: community.url }, free.token), 403)).toBe(
      COMMUNITY,
    );
    expect(await hosted(free.user.id)).toEqual([]);
    // This month's sampler is everyone's.
    const sampler = await video(s, owner, { samplerMonth: samplerMonthOf(new Date()) });
    expect((await create({ race_url: sampler.url }, free.token)).status).toBe(200);

    // Pro members, admins and the video's owner ride exclusive videos, so they host them.
    const pro = await member(s, { name: 'Pro' });
    await s.database.db.update(users).set({ accountLevel: 'pro' }).where(eq(users.id, pro.user.id));
    const admin = await member(s, { name: 'Admin', admin: true });
    for (const m of [pro, admin, owner]) {
      expect((await create({ race_url: exclusive.url }, m.token)).status, m.user.displayName).toBe(
        200,
      );
    }
  });
});
