import { describe, expect, it } from 'vitest';
import {
  allowedSegmentUris,
  compactTimeline,
  cutHlsPlaylist,
  expandTimeline,
  filterDashManifest,
  filterHlsMaster,
  hlsSegments,
  parseIsoDuration,
} from './manifests.js';
import { SAMPLE_MASTER, SAMPLE_MPD, samplePlaylist } from '../../../test/media-fixtures.js';

const MASTER = SAMPLE_MASTER;
const MPD = SAMPLE_MPD;
const playlist = samplePlaylist;

const sdOnly = (stream: number) => stream !== 0;

describe('HLS master filtering', () => {
  it('drops the variants above the grant and keeps the audio group', () => {
    const out = filterHlsMaster(MASTER, sdOnly);
    expect(out).not.toContain('media_0.m3u8');
    expect(out).not.toContain('1920x1080');
    expect(out).toContain('RESOLUTION=960x540');
    expect(out).toContain('media_1.m3u8');
    expect(out).toContain('URI="media_2.m3u8"');
  });

  it('keeps everything for an HD grant', () => {
    expect(filterHlsMaster(MASTER, () => true)).toBe(MASTER);
  });
});

describe('HLS previews', () => {
  const long = playlist(1, 201, 1); // 801 s

  it('cut the media playlist at the last segment starting before the cap and end it', () => {
    const cut = cutHlsPlaylist(long, 600);
    const segments = hlsSegments(cut);
    expect(segments).toHaveLength(150); // starts 0, 4, ..., 596
    expect(segments.at(-1)).toMatchObject({ uri: 'chunk-stream1-00150.m4s', start: 596 });
    expect(segments.at(-1)!.start + segments.at(-1)!.duration).toBe(600);
    expect(cut.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(cut.match(/#EXT-X-ENDLIST/g)).toHaveLength(1);
    expect(cut).toContain('#EXT-X-MAP:URI="init-stream1.m4s"');
    expect(cut.indexOf('#EXT-X-MAP')).toBeLessThan(cut.indexOf('#EXTINF'));
  });

  it('leave a shorter video whole', () => {
    const short = playlist(0, 3, 1);
    expect(hlsSegments(cutHlsPlaylist(short, 600))).toEqual(hlsSegments(short));
  });

  it('know which chunks a preview may fetch', () => {
    const allowed = allowedSegmentUris(long, 600);
    expect(allowed.size).toBe(150);
    expect(allowed.has('chunk-stream1-00150.m4s')).toBe(true);
    expect(allowed.has('chunk-stream1-00151.m4s')).toBe(false);
  });
});

describe('DASH manifest filtering', () => {
  it('drops HD representations for an SD grant and shrinks maxWidth/maxHeight', () => {
    const out = filterDashManifest(MPD, { allowed: sdOnly, maxSeconds: null });
    expect(out).not.toContain('<Representation id="0"');
    expect(out).toContain('<Representation id="1"');
    expect(out).toContain('<Representation id="2"');
    expect(out).toContain('maxWidth="960" maxHeight="540"');
    expect(out).toContain('mediaPresentationDuration="PT13M21.0S"');
  });

  it('caps a preview at 600 s: duration and every timeline', () => {
    const out = filterDashManifest(MPD, { allowed: () => true, maxSeconds: 600 });
    expect(out).toContain('mediaPresentationDuration="PT600.0S"');
    const timelines = [...out.matchAll(/<SegmentTimeline>([\s\S]*?)<\/SegmentTimeline>/g)].map(
      (m) => expandTimeline(m[1]!.match(/<S\b[^>]*\/>/g) ?? []),
    );
    expect(timelines).toHaveLength(3);
    expect(timelines[0]).toHaveLength(150);
    expect(timelines[0]!.at(-1)!.t).toBe(596 * 15360);
    // Audio segments are not exactly 4 s: the last one kept starts before 600 s.
    const audio = timelines[2]!;
    expect(audio.at(-1)!.t).toBeLessThan(600 * 48000);
    expect(audio.at(-1)!.t + audio.at(-1)!.d).toBeGreaterThanOrEqual(600 * 48000);
    expect(out).toContain('<S t="0" d="61440" r="149" />');
  });

  it('leaves the duration of a shorter video alone', () => {
    const short = MPD.replace('PT13M21.0S', 'PT9.0S');
    expect(filterDashManifest(short, { allowed: () => true, maxSeconds: 600 })).toContain(
      'mediaPresentationDuration="PT9.0S"',
    );
  });
});

describe('timeline helpers', () => {
  it('expand and compact round-trip', () => {
    const tags = ['<S t="0" d="4" r="2" />', '<S d="1" />', '<S d="4" r="1" />'];
    const entries = expandTimeline(tags);
    expect(entries.map((e) => e.t)).toEqual([0, 4, 8, 12, 13, 17]);
    expect(compactTimeline(entries)).toEqual(tags);
  });

  it('parse MPD durations', () => {
    expect(parseIsoDuration('PT9.0S')).toBe(9);
    expect(parseIsoDuration('PT1H2M3.5S')).toBe(3723.5);
    expect(parseIsoDuration('P1DT1S')).toBe(86401);
    expect(parseIsoDuration('nonsense')).toBeNull();
  });
});
