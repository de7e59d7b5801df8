import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playback } from '@ridealong/contracts';
import type { NewRaceRow } from '../src/db/schema.js';
import { ACCESS_MESSAGES, samplerMonthOf } from '../src/modules/media/access.js';
import { mediaSigner } from '../src/lib/media-signing.js';
import { backends } from './harness.js';
import { readyFixtureVideo, SAMPLE_MASTER } from './media-fixtures.js';
import {
  localPath,
  type Member,
  openStack,
  type Stack,
  type VideoServer,
} from './upload-harness.js';

const SECRET = 'test-media-signing-secret-0123456789abcdef';

describe.each(backends)('media access by plan ($name)', (backend) => {
  let stack: Stack;
  let server: VideoServer;
  let owner: Member;
  const viewers: Record<string, Member> = {};

  const readyVideo = (values: Partial<NewRaceRow> = {}) =>
    readyFixtureVideo(stack, owner.user.id, values);

  const playback = async (raceId: number | string, mode: string, viewer?: Member) => {
    const res = await server.fetch(
      `/api/v1/race/${raceId}/playback?mode=${mode}`,
      viewer ? { token: viewer.token } : {},
    );
    return { status: res.status, body: (await res.json()) as Playback & { message?: string } };
  };
  /** A file of the stream the playback points at (its folder, relative to the master). */
  const file = (p: Playback, name: string, init?: RequestInit) =>
    server.fetch(localPath(p.hls_url).replace(/master\.m3u8$/, name), init);

  beforeAll(async () => {
    stack = await openStack(backend);
    server = await stack.start({ MEDIA_SIGNING_SECRET: SECRET, JOB_CONCURRENCY: '0' });
    owner = await stack.member({ level: 'free', name: 'Owner' });
    for (const level of ['free', 'trial', 'core', 'pro', 'payment_failed', 'cancelled'] as const) {
      viewers[level] = await stack.member({ level, name: level });
    }
    viewers.admin = await stack.member({ level: 'free', admin: true, name: 'Admin' });
  });
  afterAll(() => stack?.dispose());

  it('refuses a free member the whole video (403, then /video-upgrade) but plays the preview', async () => {
    const race = await readyVideo();
    expect(await playback(race.id, 'full', viewers.free)).toEqual({
      status: 403,
      body: { status: 'failure', message: ACCESS_MESSAGES.plan },
    });
    const preview = await playback(race.url, 'preview', viewers.free);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ mode: 'preview', quality: 'sd', max_seconds: 600 });

    const master = await (await file(preview.body, 'master.m3u8')).text();
    expect(master).toContain('media_1.m3u8');
    expect(master).not.toContain('media_0.m3u8');
    const playlist = await (await file(preview.body, 'media_1.m3u8')).text();
    expect(playlist.match(/^chunk-/gm)).toHaveLength(150);
    expect(playlist.trimEnd().endsWith('chunk-stream1-00150.m4s\n#EXT-X-ENDLIST')).toBe(true);
    expect((await file(preview.body, 'chunk-stream1-00150.m4s')).status).toBe(200);
    const beyond = await file(preview.body, 'chunk-stream1-00151.m4s');
    expect(beyond.status).toBe(403);
    expect(((await beyond.json()) as { message: string }).message).toBe('The preview ends here.');
    expect((await file(preview.body, 'chunk-stream2-00151.m4s')).status).toBe(403);
    const mpd = await (await file(preview.body, 'manifest.mpd')).text();
    expect(mpd).toContain('mediaPresentationDuration="PT600.0S"');
    expect(mpd).not.toContain('<Representation id="0"');
  });

  it('gives guests previews only', async () => {
    const race = await readyVideo();
    expect(await playback(race.id, 'full')).toMatchObject({
      status: 403,
      body: { message: ACCESS_MESSAGES.guest },
    });
    expect(await playback(race.id, 'preview')).toMatchObject({
      status: 200,
      body: { quality: 'sd' },
    });
    for (const level of ['payment_failed', 'cancelled']) {
      expect((await playback(race.id, 'full', viewers[level])).status).toBe(403);
    }
  });

  it('gives Core and trial the whole video in SD: HD playlists, inits and chunks are refused', async () => {
    const race = await readyVideo();
    for (const level of ['core', 'trial']) {
      const p = await playback(race.id, 'full', viewers[level]);
      expect(p).toMatchObject({ status: 200, body: { quality: 'sd', max_seconds: null } });
      for (const hd of ['media_0.m3u8', 'init-stream0.m4s', 'chunk-stream0-00001.m4s']) {
        const res = await file(p.body, hd);
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({
          status: 'failure',
          message: 'This quality is not part of your plan.',
        });
      }
      for (const ok of [
        'media_1.m3u8',
        'init-stream1.m4s',
        'chunk-stream1-00151.m4s',
        'media_2.m3u8',
      ]) {
        expect((await file(p.body, ok)).status).toBe(200);
      }
      const whole = await (await file(p.body, 'media_1.m3u8')).text();
      expect(whole.match(/^chunk-/gm)).toHaveLength(201);
      const mpd = await (await file(p.body, 'manifest.mpd')).text();
      expect(mpd).not.toContain('<Representation id="0"');
      expect(mpd).toContain('mediaPresentationDuration="PT13M21.0S"');
    }
  });

  it('keeps exclusive videos for Pro (HD), and the owner and admins', async () => {
    const race = await readyVideo({ exclusive: true });
    expect(await playback(race.id, 'full', viewers.core)).toMatchObject({
      status: 403,
      body: { message: ACCESS_MESSAGES.exclusive },
    });
    expect((await playback(race.id, 'preview', viewers.core)).status).toBe(200);
    for (const who of [viewers.pro!, viewers.admin!, owner]) {
      const p = await playback(race.id, 'full', who);
      expect(p).toMatchObject({ status: 200, body: { quality: 'hd' } });
      expect((await file(p.body, 'chunk-stream0-00001.m4s')).status).toBe(200);
      expect(await (await file(p.body, 'master.m3u8')).text()).toBe(SAMPLE_MASTER);
    }
  });

  it("opens this month's sampler videos to every member in SD", async () => {
    const sampler = await readyVideo({ samplerMonth: samplerMonthOf(new Date()) });
    const old = await readyVideo({ samplerMonth: '2001-01' });
    expect(await playback(sampler.id, 'full', viewers.free)).toMatchObject({
      status: 200,
      body: { quality: 'sd' },
    });
    expect((await playback(sampler.id, 'full')).status).toBe(200);
    expect((await playback(old.id, 'full', viewers.free)).status).toBe(403);
  });

  it('serves files with content types and byte ranges', async () => {
    const race = await readyVideo();
    const p = (await playback(race.id, 'full', viewers.pro)).body;
    const master = await file(p, 'master.m3u8');
    expect(master.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    const mpd = await file(p, 'manifest.mpd');
    expect(mpd.headers.get('content-type')).toContain('application/dash+xml');
    const chunk = await file(p, 'chunk-stream0-00001.m4s', { headers: { range: 'bytes=7-11' } });
    expect(chunk.status).toBe(206);
    expect(chunk.headers.get('content-type')).toBe('video/iso.segment');
    expect(chunk.headers.get('content-range')).toMatch(/^bytes 7-11\/\d+$/);
    expect(await chunk.text()).toBe('0 chu');
    expect((await file(p, 'init-stream0.m4s', { headers: { range: 'bytes=999-' } })).status).toBe(
      416,
    );
    const poster = await server.fetch(localPath(p.poster_url));
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect((await file(p, 'thumbs/thumb-00001.jpg')).status).toBe(200);
  });

  it('refuses forged, expired and foreign tokens, and files outside the stream', async () => {
    const race = await readyVideo();
    const p = (await playback(race.id, 'full', viewers.pro)).body;
    const token = localPath(p.hls_url).split('/')[2]!;
    const forged = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    expect((await server.fetch(`/media/${forged}/master.m3u8`)).status).toBe(403);
    const signer = mediaSigner(SECRET);
    const expired = signer.sign({
      use: 'play',
      raceId: race.id,
      mediaKey: race.mediaKey!,
      quality: 'hd',
      maxSeconds: null,
      expiresAt: Math.floor(Date.now() / 1000) - 60,
    });
    expect((await server.fetch(`/media/${expired}/master.m3u8`)).status).toBe(403);
    expect((await server.fetch(`/media/${token}/..%2F..%2Fmedia-signing.key`)).status).toBe(404);
    expect(
      (await server.fetch(`/media/${token}/thumbs%2F..%2F..%2F..%2Fmedia-signing.key`)).status,
    ).toBe(404);
    expect((await server.fetch(`/media/${token}/chunk-stream1-00077.m4s`)).status).toBe(404);
    expect((await server.fetch(`/media/${token}/notes.txt`)).status).toBe(404);
    // An SD grant for another video's folder does not unlock this one's HD.
    const sdToken = signer.sign({
      use: 'play',
      raceId: race.id + 1000,
      mediaKey: race.mediaKey!,
      quality: 'sd',
      maxSeconds: null,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    });
    expect((await server.fetch(`/media/${sdToken}/init-stream1.m4s`)).status).toBe(404);
  });

  it('answers 409 while a video is processed, 404 when there is none', async () => {
    const race = await readyVideo({ status: 'processing', mediaKey: null });
    expect(await playback(race.id, 'preview', viewers.pro)).toMatchObject({
      status: 409,
      body: { message: 'Video is being processed.' },
    });
    expect((await playback(999_999, 'preview')).status).toBe(404);
  });
});
