import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES, createChallengeResponseSchema } from '@ridealong/contracts';
import { challenges } from '../src/db/schema.js';
import { backends, startServer, type TestServer } from './harness.js';
import { HOSTILE_BODIES, LONG_TEXT, NUL_TEXT } from './hostile-inputs.js';
import { json, member, video, type Member } from './races-fixtures.js';
import { calls, challenge, failure } from './challenges-fixtures.js';

/**
 * POST /challenge/create (admins; the spec's reuse of coupon/create is a defect): the admin
 * page's fields as typed, each mistake a 400 with its message, and hostile input on every
 * challenge call a clear 4xx, never a 5xx.
 */

describe.each(backends)('creating challenges, and hostile input, on $name', (backend) => {
  let s: TestServer;
  let admin: Member;
  let rider: Member;
  let urls: string[];
  let processing: string;

  beforeAll(async () => {
    s = await startServer(backend, { ROLE: 'api,realtime' });
    admin = await member(s, { name: 'Admin', admin: true });
    rider = await member(s, { name: 'Rider' });
    urls = [];
    for (const title of ['Coast', 'Pass', 'Vines'])
      urls.push((await video(s, rider, { title })).url);
    processing = (await video(s, rider, { status: 'processing' })).url;
  });
  afterAll(() => s.close());

  const form = (over: Record<string, unknown> = {}) => ({
    title: 'Ride 100 miles',
    description: 'A hundred miles before July.',
    start_date: '06-01-2099',
    end_date: '06-30-2099',
    challenge_type: 'distance',
    goal: '100',
    ...over,
  });
  const create = (body: unknown, token: string | undefined = admin.token) =>
    s.post('/api/v1/challenge/create', body, token);

  it('is for admins only, before the form is even read', async () => {
    await failure(await s.post('/api/v1/challenge/create', form()), 401);
    expect(await failure(await create(form(), rider.token), 403)).toBe('Admins only.');
    await failure(await create({ title: 5, goal: [1] }, rider.token), 403);
  });

  it('creates each type from its keyword, and a featured one replaces the old featured', async () => {
    const old = await challenge(s, { featured: true });
    const made = createChallengeResponseSchema.parse(
      await json(
        await create(
          form({ challenge_type: 'race', goal: undefined, videos: urls.join(','), featured: true }),
        ),
      ),
    );
    expect(made).toMatchObject({ status: 'success', message: CHALLENGE_MESSAGES.created });
    expect(made.challenge).toMatchObject({
      challenge_type: 'RACE_BASED',
      start_date: '2099-06-01',
      end_date: '2099-06-30',
      featured: true,
      participants: 0,
      image_url: null,
      goal_payload: JSON.stringify({ video_subset: urls }),
    });
    expect(made.challenge.videos.map((v) => v.title)).toEqual(['Coast', 'Pass', 'Vines']);
    const [oldRow] = await s.database.db.select().from(challenges).where(eq(challenges.id, old.id));
    expect(oldRow?.featured).toBe(false);

    const types = {
      distance: 'DISTANCE_BASED',
      power: 'POWER_BASED',
      time: 'TIME_BASED',
      upload: 'UPLOAD_BASED',
      ride: 'RIDE_BASED',
    };
    for (const [keyword, type] of Object.entries(types)) {
      // Rides and uploads are counted: their goals are whole numbers.
      const goal = keyword === 'ride' || keyword === 'upload' ? 12 : 12.5;
      const body = await json<{ challenge: { challenge_type: string; goal_payload: string } }>(
        await create(
          form({ challenge_type: keyword, goal, image_url: 'https://img.example.com/c.png' }),
        ),
      );
      expect(body.challenge).toMatchObject({
        challenge_type: type,
        goal_payload: JSON.stringify({ goal }),
        image_url: 'https://img.example.com/c.png',
      });
    }
  });

  it('answers each mistake of the admin form with a 400 saying what to fix', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ challenge_type: undefined }, CHALLENGE_MESSAGES.missingType],
      [{ challenge_type: 'Race' }, CHALLENGE_MESSAGES.missingType],
      [{ challenge_type: 'swim' }, CHALLENGE_MESSAGES.missingType],
      [{ goal: undefined }, CHALLENGE_MESSAGES.missingGoal],
      [{ goal: '' }, CHALLENGE_MESSAGES.missingGoal],
      [{ goal: 0 }, CHALLENGE_MESSAGES.missingGoal],
      [{ goal: -3 }, CHALLENGE_MESSAGES.missingGoal],
      [{ goal: 'lots' }, CHALLENGE_MESSAGES.missingGoal],
      [
        { challenge_type: 'race', videos: urls.slice(0, 2).join(',') },
        CHALLENGE_MESSAGES.raceVideos,
      ],
      [{ challenge_type: 'race', videos: urls.join(', ') }, CHALLENGE_MESSAGES.raceVideos],
      [
        { challenge_type: 'race', videos: [...urls, urls[0]].join(',') },
        CHALLENGE_MESSAGES.raceVideos,
      ],
      [
        { challenge_type: 'race', videos: [urls[0], urls[1], 'no-such-video'].join(',') },
        CHALLENGE_MESSAGES.raceVideos,
      ],
      [
        { challenge_type: 'race', videos: [urls[0], urls[1], processing].join(',') },
        CHALLENGE_MESSAGES.raceVideos,
      ],
      [{ challenge_type: 'race' }, CHALLENGE_MESSAGES.raceVideos],
      [{ end_date: '05-31-2099' }, CHALLENGE_MESSAGES.endBeforeStart],
      [{ start_date: '02-30-2026' }, CHALLENGE_MESSAGES.badDate],
    ];
    for (const [over, message] of cases) {
      expect(await failure(await create(form(over)), 400), JSON.stringify(over)).toBe(message);
    }
    for (const over of [
      { start_date: '2026-06-01' },
      { end_date: '6-30-2026' },
      { title: '  ' },
      { start_date: undefined },
    ]) {
      expect(await failure(await create(form(over)), 400), JSON.stringify(over)).toMatch(/^body\./);
    }
  });

  it('refuses hostile fields on create with a 4xx', async () => {
    const hostile: Array<Record<string, unknown>> = [
      { title: NUL_TEXT },
      { description: NUL_TEXT },
      { title: LONG_TEXT },
      { description: LONG_TEXT.repeat(2) },
      { videos: LONG_TEXT },
      { goal: 1e308 },
      { goal: 2147483648 * 1000 },
      { goal: [5] },
      { goal: { $gt: 0 } },
      { goal: true },
      { challenge_type: 12345 },
      { challenge_type: ['race'] },
      { start_date: 20260601 },
      { image_url: 'javascript:alert(1)' },
      { featured: 'yes' },
    ];
    for (const over of [...hostile]) {
      const res = await create(form(over));
      expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(400);
      await failure(res, 400);
    }
    for (const body of HOSTILE_BODIES) {
      expect((await create(body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses hostile ids and bodies on every other call with a 4xx, never a 5xx', async () => {
    const api = calls(s);
    const c = await challenge(s);
    const badIds: unknown[] = [
      2147483648,
      1e20,
      -1,
      0,
      1.5,
      'abc',
      null,
      true,
      [c.id],
      { $gt: 0 },
      NUL_TEXT,
      LONG_TEXT,
    ];
    for (const bad of badIds) {
      const label = JSON.stringify(bad).slice(0, 40);
      const posts = [
        s.post(
          '/api/v1/challenge/add-user',
          { user_id: rider.user.id, challenge_id: bad },
          rider.token,
        ),
        s.post('/api/v1/challenge/add-user', { user_id: bad, challenge_id: c.id }, rider.token),
        s.post(
          '/api/v1/challenge/remove-user',
          { user_id: rider.user.id, challenge_id: bad },
          rider.token,
        ),
        api.values(bad),
        s.post('/api/v1/challenge/recalculate-rankings', { challenge_ids: [bad] }, admin.token),
      ];
      for (const res of await Promise.all(posts)) expect(res.status, label).toBe(400);
    }
    for (const bad of [
      '2147483648',
      '99999999999999999999',
      '-1',
      'abc',
      '1.5',
      encodeURIComponent(NUL_TEXT),
    ]) {
      const gets = [
        s.get(`/api/v1/challenge/leaderboard/${bad}`),
        s.get(
          `/api/v1/challenge/user-challenge/?challenge_id=${bad}&user_id=${rider.user.id}`,
          rider.token,
        ),
        s.get(`/api/v1/challenge/deactivated/index?start=${bad}`),
        s.post(`/api/v1/challenge/set-featured/${bad}`, undefined, admin.token),
      ];
      for (const res of await Promise.all(gets)) expect(res.status, bad).toBe(400);
    }
    for (const body of HOSTILE_BODIES) {
      const res = await s.post('/api/v1/challenge/add-user', body, rider.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // Text ids of v1 clients still work.
    const joined = await s.post(
      '/api/v1/challenge/add-user',
      { user_id: String(rider.user.id), challenge_id: String(c.id) },
      rider.token,
    );
    expect(joined.status).toBe(200);
  });
});
