import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../ffmpeg/probe.js';
import {
  canStreamCopy,
  InvalidMediaInputError,
  planDuration,
  planJoin,
  planSegments,
} from './join.js';

function probe(
  over: {
    width?: number;
    height?: number;
    codec?: string;
    durationS?: number;
    audio?: boolean;
    hash?: string;
  } = {},
): ProbeResult {
  return {
    durationS: over.durationS ?? 10,
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    video: {
      codec: over.codec ?? 'h264',
      width: over.width ?? 1920,
      height: over.height ?? 1080,
      fps: 30,
      fpsRational: '30/1',
      pixFmt: 'yuv420p',
      frames: 300,
      extradataHash: over.hash ?? 'CRC32:aaaa',
    },
    audio:
      over.audio === false
        ? null
        : { codec: 'aac', sampleRate: 48000, channels: 2, extradataHash: 'CRC32:bbbb' },
    hasGpmf: false,
  };
}

describe('planSegments', () => {
  it('keeps everything without offsets', () => {
    expect(planSegments([10, 5])).toEqual([
      { index: 0, startS: 0, durationS: 10 },
      { index: 1, startS: 0, durationS: 5 },
    ]);
  });

  it('cuts the start offset from the joined timeline, dropping files it covers', () => {
    expect(planSegments([4, 6, 5], 5, 2)).toEqual([
      { index: 1, startS: 1, durationS: 5 },
      { index: 2, startS: 0, durationS: 3 },
    ]);
  });

  it('cuts the end offset from the end, dropping whole files at the end', () => {
    expect(planSegments([10, 3], 0, 4)).toEqual([{ index: 0, startS: 0, durationS: 9 }]);
  });

  it('rejects offsets that leave (almost) nothing, or negative ones', () => {
    expect(() => planSegments([5], 3, 1.5)).toThrow(InvalidMediaInputError);
    expect(() => planSegments([5], -1)).toThrow(/zero or more/);
  });
});

describe('canStreamCopy', () => {
  it('accepts chapters of one recording and refuses anything that decodes differently', () => {
    expect(canStreamCopy([probe(), probe({ durationS: 3 })])).toBe(true);
    expect(canStreamCopy([probe(), probe({ width: 1280, height: 720 })])).toBe(false);
    expect(canStreamCopy([probe(), probe({ codec: 'hevc' })])).toBe(false);
    expect(canStreamCopy([probe(), probe({ hash: 'CRC32:cccc' })])).toBe(false);
    expect(canStreamCopy([probe(), probe({ audio: false })])).toBe(false);
  });
});

describe('planJoin', () => {
  const src = (path: string, p: ProbeResult) => ({ path, probe: p });

  it('uses input seeking for one file', () => {
    const plan = planJoin([src('/a.mp4', probe())], 2, 3);
    expect(plan).toEqual({
      mode: 'single',
      segment: { path: '/a.mp4', startS: 2, durationS: 5, hasAudio: true },
    });
    expect(planDuration(plan)).toBe(5);
  });

  it('joins matching files by the concat demuxer', () => {
    const plan = planJoin([src('/a.mp4', probe()), src('/b.mp4', probe({ durationS: 5 }))], 1);
    expect(plan).toEqual({
      mode: 'copy',
      paths: ['/a.mp4', '/b.mp4'],
      trimStartS: 1,
      durationS: 14,
      hasAudio: true,
    });
  });

  it('re-encodes mismatched files onto the largest one’s canvas', () => {
    const plan = planJoin([
      src('/a.mp4', probe({ width: 1280, height: 720 })),
      src('/b.mp4', probe({ width: 1920, height: 1080, codec: 'hevc' })),
    ]);
    expect(plan.mode).toBe('reencode');
    expect(plan.mode === 'reencode' && plan.canvas).toEqual({ width: 1920, height: 1080 });
    expect(planDuration(plan)).toBe(20);
  });

  it('refuses an input that is not footage', () => {
    const still: ProbeResult = { ...probe(), formatName: 'image2', durationS: 0.04 };
    expect(() => planJoin([src('/a.mp4', probe()), src('/p.jpg', still)])).toThrow(
      '/p.jpg is not a video file',
    );
    expect(() => planJoin([])).toThrow(InvalidMediaInputError);
  });
});
