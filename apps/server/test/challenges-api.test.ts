import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  CHALLENGE_MESSAGES,
  challengeSchema,
  deactivatedResponseSchema,
  userSchema,
  type DeactivatedResponse,
  type User,
  type UserChallengeResponse,
} from '@ridealong/contracts';
import { challenges, jobs } from '../src/db/schema.js';
import { backends, startServer, type TestServer } from './harness.js';
import { json, member, video, type Member } from './races-fixtures.js';
import { calls, challenge, failure } from './challenges-fixtures.js';
import { signIn, signUpMember } from './billing-fixtures.js';

/**
 * The challenge calls of document 001 section 7 through HTTP: the lists and a challenge (public),
 * joining, leaving and progress (the member themself), and who may feature and recalculate.
 * Creating is in challenges-create.test.ts, progress from rides in challenges-progress.test.ts.
 */

describe.each(backends)('challenge calls on $name', (backend) => {
  let s: TestServer;
  let ann: Member;
  let ben: Member;
  let admin: Member;
  let api: ReturnType<typeof calls>;

  beforeAll(async () => {
    s = await startServer(backend, { ROLE: 'api,realtime' });
    api = calls(s);
    ann = await member(s, { name: 'Ann' });
    ben = await member(s, { name: 'Ben' });
    admin = await member(s, { name: 'Admin', admin: true });
  });
  afterAll(() => s.close());

  it('lists active challenges featured first, then by start; the past ones newest ended first', async () => {
    const later = await challenge(s, { title: 'Later', fromDays: 2 });
    const earlier = await challenge(s, { title: 'Earlier', fromDays: -9 });
    const featured = await challenge(s, { title: 'Featured', fromDays: -1, featured: true });
    const ended = await challenge(s, { title: 'Ended', fromDays: -30, toDays: -1 });
    const off = await challenge(s, { title: 'Off', active: false });
    const older = await challenge(s, { title: 'Older', fromDays: -60, toDays: -20 });

    const active = await api.active();
    for (const c of active) challengeSchema.parse(c);
    expect(active.map((c) => c.title)).toEqual(['Featured', 'Earlier', 'Later']);
    expect(active[0]).toMatchObject({ id: featured.id, challenge_id: featured.id, active: true });
    // An upcoming challenge is active (and can be joined).
    expect(active.find((c) => c.id === later.id)?.active).toBe(true);

    // Off is switched off but has not ended: it ends last of the past ones, so it comes first.
    const page = async (q: string) =>
      deactivatedResponseSchema.parse(
        await json<DeactivatedResponse>(await s.get(`/api/v1/challenge/deactivated/index?${q}`)),
      );
    const first = await page(`user_id=${ann.user.id}&start=0&paginate=2`);
    expect(first.count).toBe(3);
    expect(first.rows.map((c) => c.title)).toEqual(['Off', 'Ended']);
    expect(first.rows.every((c) => !c.active)).toBe(true);
    const second = await page('start=2&paginate=2');
    expect(second).toMatchObject({ count: 3, rows: [{ id: older.id }] });
    expect((await page('start=3')).rows).toEqual([]);
    expect(ended.id).toBeGreaterThan(0);
    expect(off.id).toBeGreaterThan(0);
    expect(earlier.id).toBeGreaterThan(0);
  });

  it('presents a challenge: dates, goal_payload, and a race challenge’s ready videos in order', async () => {
    const owner = await member(s, { name: 'Owner' });
    const a = await video(s, owner, { title: 'A' });
    const b = await video(s, owner, { title: 'B', status: 'processing' });
    const c = await video(s, owner, { title: 'C' });
    const race = await challenge(s, {
      type: 'RACE_BASED',
      goal: null,
      videoSubset: [c.url, b.url, a.url],
    });
    const body = await json<{ status: string; data: { challenge: unknown } }>(
      await api.values(race.id),
    );
    const presented = challengeSchema.parse(body.data.challenge);
    expect(body.status).toBe('success');
    expect(presented.goal_payload).toBe(JSON.stringify({ video_subset: [c.url, b.url, a.url] }));
    expect(presented.videos.map((v) => v.title)).toEqual(['C', 'A']);
    expect(presented.start_date).toBe(race.startsAt.toISOString().slice(0, 10));
    const timed = await challenge(s, { goal: 45 });
    const t = await json<{ data: { challenge: { goal_payload: string; videos: unknown[] } } }>(
      await s.post('/api/v1/challenge/values', { challenge_id: String(timed.id) }),
    );
    expect(t.data.challenge).toMatchObject({ goal_payload: '{"goal":45}', videos: [] });
  });

  it('answers values for an unknown id with a 400 and a message', async () => {
    expect(await failure(await api.values(2147483647), 400)).toBe(CHALLENGE_MESSAGES.unknown);
    await failure(await api.values('abc'), 400);
    await failure(await api.values([1]), 400);
  });

  it('joins and leaves the caller only, answering their whole user with user_challenges', async () => {
    const c = await challenge(s, { title: 'Join me', goal: 30 });
    expect(
      await failure(
        await s.post('/api/v1/challenge/add-user', { user_id: ann.user.id, challenge_id: c.id }),
        401,
      ),
    ).toBe('Please log in.');
    await failure(await api.join(ann, c.id, ben.user.id), 403);
    await failure(await api.leave(ann, c.id, ben.user.id), 403);

    const user = userSchema.parse(await api.joined(ann, c.id)) as User;
    expect(user.id).toBe(ann.user.id);
    expect(user.email).toBe(ann.user.email);
    expect(user.user_challenges).toEqual([
      {
        challenge_id: c.id,
        title: 'Join me',
        challenge_type: 'TIME_BASED',
        complete: false,
        completion_percent: 0,
        status_data: { status: { current_total: 0, average_power: 0, videosWatched: [] } },
      },
    ]);
    // Joining twice changes nothing.
    expect((await api.joined(ann, c.id)).user_challenges).toHaveLength(1);
    const participants = async () =>
      (await s.database.db.select().from(challenges).where(eq(challenges.id, c.id)))[0]
        ?.participants;
    expect(await participants()).toBe(1);

    // The owner's GET /users/{id} carries them; anyone else's does not.
    const own = await json<User>(await s.get(`/api/v1/users/${ann.user.id}`, ann.token));
    expect(own.user_challenges.map((u) => u.challenge_id)).toEqual([c.id]);
    const seen = await json<Record<string, unknown>>(
      await s.get(`/api/v1/users/${ann.user.id}`, ben.token),
    );
    expect(seen.user_challenges).toBeUndefined();

    const left = await json<User>(await api.leave(ann, c.id));
    expect(left.user_challenges).toEqual([]);
    expect((await json<User>(await api.leave(ann, c.id))).user_challenges).toEqual([]);
    expect(await participants()).toBe(0);
  });

  it('lists the newest joined first', async () => {
    const dora = await member(s, { name: 'Dora' });
    const first = await challenge(s, { title: 'First' });
    const second = await challenge(s, { title: 'Second' });
    await api.joined(dora, first.id);
    const user = await api.joined(dora, second.id);
    expect(user.user_challenges.map((u) => u.title)).toEqual(['Second', 'First']);
  });

  it('carries the member’s challenges on every answer with their own user (sign-in too)', async () => {
    const eve = await signUpMember(s);
    const joined = await challenge(s, { title: 'Signed in' });
    await api.joined({ user: { id: eve.id }, token: eve.token } as Member, joined.id);
    const again = await signIn(s, eve.email);
    expect(again.user.user_challenges.map((u) => u.title)).toEqual(['Signed in']);
  });

  it('refuses to join a past or unknown challenge; leaving a past one is fine', async () => {
    const ended = await challenge(s, { fromDays: -20, toDays: -1 });
    const off = await challenge(s, { active: false });
    expect(await failure(await api.join(ann, ended.id), 409)).toBe(CHALLENGE_MESSAGES.notActive);
    expect(await failure(await api.join(ann, off.id), 409)).toBe(CHALLENGE_MESSAGES.notActive);
    expect(await failure(await api.join(ann, 2147483647), 404)).toBe(CHALLENGE_MESSAGES.unknown);
    await failure(await api.join(ann, 2147483648), 400);
    expect((await json<User>(await api.leave(ann, ended.id))).id).toBe(ann.user.id);
  });

  it('shows progress to the member and admins only', async () => {
    const c = await challenge(s);
    await api.joined(ben, c.id);
    const mine = await api.progress(ben, c.id);
    expect(mine).toMatchObject({ is_registered: true, user_challenge: { challenge_id: c.id } });
    const path = `/api/v1/challenge/user-challenge?challenge_id=${c.id}&user_id=${ben.user.id}`;
    await failure(await s.get(path), 401);
    await failure(await s.get(path, ann.token), 403);
    expect(await json<UserChallengeResponse>(await s.get(path, admin.token))).toEqual(mine);
    expect(await api.progress(ann, c.id)).toEqual({ is_registered: false, user_challenge: null });
    await failure(
      await s.get(
        `/api/v1/challenge/user-challenge/?challenge_id=999999&user_id=${ann.user.id}`,
        ann.token,
      ),
      404,
    );
  });

  it('lets admins alone feature a challenge, one at a time', async () => {
    const a = await challenge(s, { title: 'Feature A' });
    const b = await challenge(s, { title: 'Feature B' });
    const feature = (id: number, token?: string) =>
      s.post(`/api/v1/challenge/set-featured/${id}`, undefined, token);
    await failure(await feature(a.id), 401);
    await failure(await feature(a.id, ann.token), 403);
    expect(await json(await feature(a.id, admin.token))).toEqual({ status: 'success' });
    // Two at once: the one featured challenge is one of them.
    await Promise.all([feature(b.id, admin.token), feature(a.id, admin.token)]);
    const featured = await s.database.db
      .select()
      .from(challenges)
      .where(eq(challenges.featured, true));
    expect(featured).toHaveLength(1);
    expect([a.id, b.id]).toContain(featured[0]!.id);
    expect((await api.active())[0]?.id).toBe(featured[0]!.id);
    await failure(await feature(2147483647, admin.token), 404);
    const ended = await challenge(s, { fromDays: -9, toDays: -2 });
    await failure(await feature(ended.id, admin.token), 409);
  });

  it('lets admins alone recalculate, one job per challenge', async () => {
    const c = await challenge(s);
    const body = { challenge_ids: [c.id, c.id], user_id: admin.user.id };
    await failure(await s.post('/api/v1/challenge/recalculate-rankings', body), 401);
    await failure(await s.post('/api/v1/challenge/recalculate-rankings', body, ann.token), 403);
    expect(
      await json(await s.post('/api/v1/challenge/recalculate-rankings', body, admin.token)),
    ).toEqual({ status: 'success' });
    const queued = await s.database.db
      .select()
      .from(jobs)
      .where(
        sql`${jobs.name} = 'challenge.recalculate' and ${jobs.payload} = ${JSON.stringify({ challengeId: c.id })}::jsonb`,
      );
    expect(queued).toHaveLength(1);
    await failure(
      await s.post(
        '/api/v1/challenge/recalculate-rankings',
        { challenge_ids: [c.id, 2147483647] },
        admin.token,
      ),
      404,
    );
    for (const bad of [[], ['x'], [true], 5, [[c.id]]]) {
      await failure(
        await s.post('/api/v1/challenge/recalculate-rankings', { challenge_ids: bad }, admin.token),
        400,
      );
    }
  });

  it('keeps a video an active race challenge rides from being deleted, until it ends', async () => {
    const owner = await member(s, { name: 'Owner' });
    const [a, b, c] = [await video(s, owner), await video(s, owner), await video(s, owner)];
    const race = await challenge(s, {
      type: 'RACE_BASED',
      goal: null,
      videoSubset: [a.url, b.url, c.url],
    });
    const remove = () => s.post('/api/v1/race/delete', { id: b.id }, owner.token);
    expect(await failure(await remove(), 409)).toBe(CHALLENGE_MESSAGES.videoInUse);
    await s.database.db
      .update(challenges)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(challenges.id, race.id));
    expect((await remove()).status).toBe(200);
  });
});
