import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playback, Race } from '@ridealong/contracts';
import { signedJson } from '../src/lib/signed-json.js';
import { backends } from './harness.js';
import { readyFixtureVideo } from './media-fixtures.js';
import { type Member, openStack, type Stack, type VideoServer } from './upload-harness.js';

const SECRET = 'test-media-signing-secret-grants-0123456789';

/** Every kind of file of a packaged stream (stream 0 HD, 1 SD, 2 audio; 00151 is past 600 s). */
const FILES = [
  'poster.jpg',
  'thumbs/thumb-00001.jpg',
  'master.m3u8',
  'manifest.mpd',
  'media_0.m3u8',
  'media_1.m3u8',
  'media_2.m3u8',
  'init-stream0.m4s',
  'init-stream1.m4s',
  'chunk-stream0-00001.m4s',
  'chunk-stream1-00001.m4s',
  'chunk-stream1-00150.m4s',
  'chunk-stream1-00151.m4s',
  'chunk-stream2-00001.m4s',
  'chunk-stream0-00151.m4s',
] as const;
type File = (typeof FILES)[number];

const IMAGES: File[] = ['poster.jpg', 'thumbs/thumb-00001.jpg'];
const MANIFESTS: File[] = ['master.m3u8', 'manifest.mpd'];
const SD_PREVIEW: File[] = [
  ...IMAGES,
  ...MANIFESTS,
  'media_1.m3u8',
  'media_2.m3u8',
  'init-stream1.m4s',
  'chunk-stream1-00001.m4s',
  'chunk-stream1-00150.m4s',
  'chunk-stream2-00001.m4s',
];
const SD_FULL: File[] = [...SD_PREVIEW, 'chunk-stream1-00151.m4s'];
const HD_PREVIEW: File[] = [
  ...SD_PREVIEW,
  'media_0.m3u8',
  'init-stream0.m4s',
  'chunk-stream0-00001.m4s',
];
const EVERYTHING: File[] = [...FILES];

/**
 * Issue 10's paywall: a token opens exactly what the plan rules give its viewer for its use.
 * Each grant is tried against each kind of file; anything outside the grant is a 403.
 */
describe.each(backends)('media grants per use and file ($name)', (backend) => {
  let stack: Stack;
  let server: VideoServer;
  let owner: Member;
  let core: Member;
  let pro: Member;

  const tokenOf = (url: string) => new URL(url, 'http://any.test').pathname.split('/')[2]!;
  const statusOf = async (token: string, file: string) =>
    (await server.fetch(`/media/${token}/${file}`)).status;

  /** The statuses of every file under a token, as [file, status] pairs sorted by file. */
  async function statuses(token: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const f of FILES) out[f] = await statusOf(token, f);
    return out;
  }
  const expected = (allowed: File[]) =>
    Object.fromEntries(FILES.map((f) => [f, allowed.includes(f) ? 200 : 403]));

  async function playbackToken(raceId: number, mode: 'full' | 'preview', viewer?: Member) {
    const res = await server.fetch(
      `/api/v1/race/${raceId}/playback?mode=${mode}`,
      viewer ? { token: viewer.token } : {},
    );
    expect(res.status).toBe(200);
    return tokenOf(((await res.json()) as Playback).hls_url);
  }

  async function cardToken(raceId: number) {
    const res = await server.fetch(`/api/v1/race/${raceId}`);
    expect(res.status).toBe(200);
    const race = (await res.json()) as Race;
    expect(race.thumbnail_url).toBeTruthy();
    return tokenOf(race.thumbnail_url!);
  }

  beforeAll(async () => {
    stack = await openStack(backend);
    server = await stack.start({ MEDIA_SIGNING_SECRET: SECRET, JOB_CONCURRENCY: '0' });
    owner = await stack.member({ level: 'free', name: 'Owner' });
    core = await stack.member({ level: 'core', name: 'Core' });
    pro = await stack.member({ level: 'pro', name: 'Pro' });
  });
  afterAll(() => stack?.dispose());

  it("a card's thumbnail token opens images only, even of a Pro-only video", async () => {
    const race = await readyFixtureVideo(stack, owner.user.id, { exclusive: true });
    const token = await cardToken(race.id);
    expect(await statuses(token)).toEqual(expected(IMAGES));
    const refused = await server.fetch(`/media/${token}/chunk-stream1-00151.m4s`);
    expect(await refused.json()).toEqual({
      status: 'failure',
      message: 'This link opens the video’s images only.',
    });
  });

  it('a guest preview opens the first 600 s in SD; a Pro preview the first 600 s in HD', async () => {
    const race = await readyFixtureVideo(stack, owner.user.id, { exclusive: true });
    expect(await statuses(await playbackToken(race.id, 'preview'))).toEqual(expected(SD_PREVIEW));
    expect(await statuses(await playbackToken(race.id, 'preview', pro))).toEqual(
      expected(HD_PREVIEW),
    );
  });

  it('full playback: Core the whole video in SD, Pro everything', async () => {
    const race = await readyFixtureVideo(stack, owner.user.id);
    expect(await statuses(await playbackToken(race.id, 'full', core))).toEqual(expected(SD_FULL));
    expect(await statuses(await playbackToken(race.id, 'full', pro))).toEqual(expected(EVERYTHING));
  });

  it('tokens signed before uses existed open images only', async () => {
    const race = await readyFixtureVideo(stack, owner.user.id);
    // The old format: no `u` field, an SD grant without a time cap (what every card carried).
    const legacy = signedJson(SECRET).seal({
      r: race.id,
      k: race.mediaKey,
      q: 'hd',
      m: null,
      e: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(await statuses(legacy)).toEqual(expected(IMAGES));
  });
});
