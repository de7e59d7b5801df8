import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VIDEO_URL, DURATION_FILTERS, type Race } from '@ridealong/contracts';
import { backends, startServer, type TestServer } from './harness.js';
import { json, member, search, searchAll, video, videos, type Member } from './races-fixtures.js';

describe.each(backends)('video listing and search on $name', (backend) => {
  let s: TestServer;
  let alice: Member;
  let bob: Member;
  beforeAll(async () => {
    s = await startServer(backend);
    alice = await member(s, { name: 'Alice', channelTitle: 'Alpine Adventures' });
    bob = await member(s, { name: 'Bob', channelTitle: 'Coastal Cruisers' });
  });
  afterAll(() => s.close());

  it('pages newest first with an exact total and the page size', async () => {
    for (let i = 1; i <= 30; i++) {
      await video(s, i % 2 ? alice : bob, { title: `Pagetag ride ${i}` });
    }
    const first = await search(s, { term: 'pagetag' });
    expect(first.total_count).toBe(30);
    expect(first.page_size).toBe(12);
    expect(first.videos.map((v) => v.title)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Pagetag ride ${30 - i}`),
    );
    const third = await search(s, { term: 'pagetag', currentPage: 3 });
    expect(third.videos.map((v) => v.title)).toEqual(
      Array.from({ length: 6 }, (_, i) => `Pagetag ride ${6 - i}`),
    );
    expect((await search(s, { term: 'pagetag', currentPage: 4 })).videos).toEqual([]);
    const v = first.videos[0]!;
    expect(v.user).toEqual({
      id: bob.user.id,
      display_name: 'Bob',
      channel_title: 'Coastal Cruisers',
      photo_url: null,
    });
    expect(v.permalink).toBe(`/video/${v.url}`);
  });

  it('reads deep pages from the far end in the same order (ties broken by id)', async () => {
    const total = 1500;
    const at = new Date('2020-01-01T00:00:00Z').getTime();
    // Pairs share a timestamp, so the id decides their order.
    await videos(
      s,
      alice,
      Array.from({ length: total }, (_, i) => ({
        title: `Deeptag ${i}`,
        createdAt: new Date(at + Math.floor(i / 2) * 1000),
      })),
    );
    const expected = Array.from({ length: total }, (_, i) => `Deeptag ${total - 1 - i}`);
    for (const [page, size] of [
      [101, 12],
      [102, 12],
      [125, 12],
      [15, 100],
      [14, 100],
    ] as const) {
      const got = await search(s, { term: 'deeptag', currentPage: page, pageSize: size });
      expect(got.total_count).toBe(total);
      const from = (page - 1) * size;
      expect(got.videos.map((v) => v.title)).toEqual(expected.slice(from, from + size));
    }
  });

  it('searches title, description and channel title by word prefix, all words required', async () => {
    await video(s, alice, { title: 'Misty Col du Galibier', description: 'Thermal layers needed' });
    await video(s, bob, { title: 'Harbour loop', description: 'Lighthouse and seagulls' });
    await video(s, bob, { title: 'Climbing Galibier slowly' });
    expect(await searchAll(s, 'galibier')).toEqual([
      'Climbing Galibier slowly',
      'Misty Col du Galibier',
    ]);
    expect(await searchAll(s, 'lighth')).toEqual(['Harbour loop']);
    expect(await searchAll(s, 'GALI misty')).toEqual(['Misty Col du Galibier']);
    expect(await searchAll(s, 'climbs galibier')).toEqual(['Climbing Galibier slowly']);
    // Stop words are in no search vector, so they are ignored.
    expect(await searchAll(s, 'the galibier')).toHaveLength(2);
    expect(await searchAll(s, 'galibier the ther')).toEqual(['Misty Col du Galibier']);
    expect(await searchAll(s, 'alpine adv galibier')).toEqual(['Misty Col du Galibier']);
    expect(await searchAll(s, 'zzzunknownword')).toEqual([]);
    // Query syntax is plain text, never an error.
    const odd = await s.get(
      `/api/v1/races?term=${encodeURIComponent("galibier & | ! :* ( ' <->")}`,
    );
    expect(odd.status).toBe(200);
  });

  it('finds a channel by its new title after a rename', async () => {
    const carol = await member(s, { name: 'Carol', channelTitle: 'Velvet Velodrome' });
    await video(s, carol, { title: 'Track session' });
    expect(await searchAll(s, 'velvet')).toEqual(['Track session']);
    const res = await s.post(
      '/api/v1/channel/edit',
      { channel_title: 'Quokka Quests', channel_description: 'Renamed' },
      carol.token,
    );
    expect(res.status).toBe(200);
    expect(await searchAll(s, 'velvet')).toEqual([]);
    expect(await searchAll(s, 'quokka')).toEqual(['Track session']);
  });

  it('filters by every duration value, [min, max) in minutes', async () => {
    const seconds = [60, 899, 900, 1799, 1800, 2699, 2700, 3599, 3600, 9000];
    for (const d of seconds) await video(s, alice, { title: `Durtag ${d}`, duration: d });
    const want: Record<(typeof DURATION_FILTERS)[number], number[]> = {
      all: seconds,
      '-15': [60, 899],
      '15-30': [900, 1799],
      '30-45': [1800, 2699],
      '45-60': [2700, 3599],
      '+60': [3600, 9000],
    };
    for (const filter of DURATION_FILTERS) {
      const titles = await searchAll(s, 'durtag', filter);
      expect(titles.sort()).toEqual(want[filter].map((d) => `Durtag ${d}`).sort());
    }
    const bad = await s.get('/api/v1/races?duration=10-20');
    expect(bad.status).toBe(400);
  });

  it('never lists the demo video, hidden, unfinished or failed videos', async () => {
    await video(s, alice, { url: DEMO_VIDEO_URL, title: 'Hidetag demo' });
    await video(s, alice, { title: 'Hidetag unsearchable', searchVisible: false });
    await video(s, alice, { title: 'Hidetag processing', status: 'processing' });
    await video(s, alice, { title: 'Hidetag failed', status: 'failed' });
    await video(s, alice, { title: 'Hidetag off channel', channelVisible: false });
    await video(s, alice, { title: 'Hidetag shown' });
    expect((await searchAll(s, 'hidetag')).sort()).toEqual([
      'Hidetag off channel',
      'Hidetag shown',
    ]);
    // Nor without a term, on any page.
    const all = await search(s, { pageSize: 100 });
    const urls: string[] = [];
    for (let page = 1; (page - 1) * 100 < all.total_count; page++) {
      const p = await search(s, { pageSize: 100, currentPage: page });
      urls.push(...p.videos.map((v) => v.url));
    }
    expect(urls).toHaveLength(all.total_count);
    expect(urls).not.toContain(DEMO_VIDEO_URL);
  });

  it('answers one video by url or id, null when unknown or not ready for others', async () => {
    const ready = await video(s, bob, { title: 'One video' });
    const byUrl = await json<Race>(await s.get(`/api/v1/race/${ready.url}`));
    expect(byUrl).toMatchObject({
      id: ready.id,
      url: ready.url,
      title: 'One video',
      status: 'ready',
    });
    expect(await json<Race>(await s.get(`/api/v1/race/${ready.id}`))).toMatchObject({
      url: ready.url,
    });
    expect(await json(await s.get('/api/v1/race/no-such-video'))).toBeNull();
    expect(await json(await s.get('/api/v1/race/987654321'))).toBeNull();

    const busy = await video(s, bob, { title: 'Busy', status: 'processing', progress: 40 });
    expect(await json(await s.get(`/api/v1/race/${busy.url}`))).toBeNull();
    expect(await json(await s.get(`/api/v1/race/${busy.url}`, alice.token))).toBeNull();
    expect(await json<Race>(await s.get(`/api/v1/race/${busy.url}`, bob.token))).toMatchObject({
      status: 'processing',
      progress: 40,
    });
    // Unlisted videos stay reachable by their link.
    const unlisted = await video(s, bob, { searchVisible: false, channelVisible: false });
    expect(await json<Race>(await s.get(`/api/v1/race/${unlisted.url}`))).toMatchObject({
      url: unlisted.url,
    });
  });

  it('answers a subset in the order asked, skipping unknown and unready videos', async () => {
    const a = await video(s, alice, { title: 'Subset A' });
    const b = await video(s, bob, { title: 'Subset B' });
    const c = await video(s, alice, { title: 'Subset C', searchVisible: false });
    const busy = await video(s, alice, { title: 'Subset busy', status: 'processing' });
    const res = await s.post('/api/v1/races/subset', {
      values: [c.url, 'missing', b.url, busy.url, a.url, b.url],
    });
    const { videos } = await json<{ videos: Race[] }>(res);
    expect(videos.map((v) => v.title)).toEqual(['Subset C', 'Subset B', 'Subset A']);
    expect(await json(await s.post('/api/v1/races/subset', { values: [] }))).toEqual({
      videos: [],
    });
  });
});
