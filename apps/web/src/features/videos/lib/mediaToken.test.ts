import { describe, expect, it } from 'vitest';
import type { Playback } from '@ridealong/contracts';
import { prefixOf, rewriteToLatest, streamKeyOf, tokenOf } from './mediaToken';

const OLD = 'eyJvbGQiOjF9.mac1';
const NEW = 'eyJuZXciOjF9.mac2';
const HOST = 'https://ride.example';

const playback = (token: string, over: Partial<Playback> = {}): Playback => ({
  mode: 'full',
  quality: 'hd',
  hls_url: `${HOST}/media/${token}/master.m3u8`,
  dash_url: `${HOST}/media/${token}/manifest.mpd`,
  poster_url: `${HOST}/media/img-${token}/poster.jpg`,
  max_seconds: null,
  expires_at: '2030-01-01T06:00:00.000Z',
  ...over,
});

describe('prefixOf and tokenOf', () => {
  it('find the signed part of absolute and origin-relative media URLs', () => {
    expect(prefixOf(`${HOST}/media/${OLD}/manifest.mpd`)).toBe(`${HOST}/media/${OLD}/`);
    expect(prefixOf(`/media/${OLD}/chunk-0-00001.m4s`)).toBe(`/media/${OLD}/`);
    expect(tokenOf(`${HOST}/media/${OLD}/media_0.m3u8`)).toBe(OLD);
  });

  it('find nothing in other URLs', () => {
    for (const url of [
      `${HOST}/api/v1/race/abc/playback`,
      '/media/public/promo/master.m3u8',
      `/media/${OLD}`,
      `${HOST}/other/media/${OLD}/x.m4s`,
      'blob:https://ride.example/1234',
    ]) {
      expect(prefixOf(url)).toBeNull();
      expect(tokenOf(url)).toBeNull();
    }
  });
});

describe('rewriteToLatest', () => {
  const latest = `${HOST}/media/${NEW}/`;

  it('moves a request under an older token to the latest one, file and query kept', () => {
    expect(rewriteToLatest(`${HOST}/media/${OLD}/chunk-1-00042.m4s`, latest)).toBe(
      `${HOST}/media/${NEW}/chunk-1-00042.m4s`,
    );
    expect(rewriteToLatest(`${HOST}/media/${OLD}/init-0.m4s?x=1`, latest)).toBe(
      `${HOST}/media/${NEW}/init-0.m4s?x=1`,
    );
  });

  it('treats an origin-relative URL as the page origin, keeping its own form', () => {
    expect(rewriteToLatest(`/media/${OLD}/media_0.m3u8`, `/media/${NEW}/`)).toBe(
      `/media/${NEW}/media_0.m3u8`,
    );
    expect(rewriteToLatest(`/media/${OLD}/media_0.m3u8`, latest, HOST)).toBe(
      `/media/${NEW}/media_0.m3u8`,
    );
    expect(rewriteToLatest(`${HOST}/media/${OLD}/a.m4s`, `/media/${NEW}/`, HOST)).toBe(
      `${HOST}/media/${NEW}/a.m4s`,
    );
    // Without the page origin a mixed pair cannot be told apart: left alone.
    expect(rewriteToLatest(`/media/${OLD}/a.m4s`, latest)).toBe(`/media/${OLD}/a.m4s`);
  });

  it('compares origins without regard to case', () => {
    expect(rewriteToLatest(`HTTPS://Ride.Example/media/${OLD}/a.m4s`, latest)).toBe(
      `HTTPS://Ride.Example/media/${NEW}/a.m4s`,
    );
  });

  it('leaves other origins, non-media, public and current URLs untouched', () => {
    for (const uri of [
      `https://cdn.elsewhere/media/${OLD}/a.m4s`,
      `http://ride.example/media/${OLD}/a.m4s`,
      `${HOST}/api/v1/race/abc/playback`,
      `${HOST}/media/public/promo/manifest.mpd`,
      `${HOST}/media/${NEW}/a.m4s`,
      'data:text/plain,hello',
    ]) {
      expect(rewriteToLatest(uri, latest)).toBe(uri);
    }
  });

  it('does nothing when the latest prefix is not a signed one', () => {
    const uri = `${HOST}/media/${OLD}/a.m4s`;
    expect(rewriteToLatest(uri, `${HOST}/media/public/`)).toBe(uri);
    expect(rewriteToLatest(uri, '')).toBe(uri);
  });
});

describe('streamKeyOf', () => {
  it('stays the same when only the token and expiry are renewed', () => {
    const renewed = playback(NEW, { expires_at: '2030-01-01T12:00:00.000Z' });
    expect(streamKeyOf(renewed)).toBe(streamKeyOf(playback(OLD)));
  });

  it('changes with the mode, quality, preview end or files', () => {
    const key = streamKeyOf(playback(OLD));
    expect(streamKeyOf(playback(OLD, { mode: 'preview' }))).not.toBe(key);
    expect(streamKeyOf(playback(OLD, { quality: 'sd' }))).not.toBe(key);
    expect(streamKeyOf(playback(OLD, { max_seconds: 600 }))).not.toBe(key);
    expect(streamKeyOf(playback(OLD, { dash_url: `${HOST}/media/${OLD}/other.mpd` }))).not.toBe(
      key,
    );
    expect(
      streamKeyOf(playback(OLD, { hls_url: `https://cdn.elsewhere/media/${OLD}/master.m3u8` })),
    ).not.toBe(key);
  });
});
