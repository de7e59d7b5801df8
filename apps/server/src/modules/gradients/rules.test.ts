import { describe, expect, it } from 'vitest';
import type { SlopePoint } from '@ridealong/media';
import { fromColumns, toColumns } from './gpx-profile.js';
import { gpxCoverage, MAX_GPX_FILENAME_CHARS, previewPoints, storedGpxFilename } from './rules.js';

const profile = (n: number): SlopePoint[] =>
  Array.from({ length: n }, (_, t) => ({
    t,
    distanceM: t * 10,
    elevationM: 100 + t / 10,
    speedMps: 10,
    slopePercent: t % 7,
  }));

describe('gpxCoverage', () => {
  it('is the part of the video the timed points span, on the video clock', () => {
    expect(gpxCoverage(-100, 800, 600)).toEqual({ fromS: 0, toS: 600 });
    expect(gpxCoverage(50.123, 300.456, 600)).toEqual({ fromS: 50.12, toS: 300.46 });
  });

  it('is null when the offset puts the track wholly before or after the video', () => {
    expect(gpxCoverage(-900, -1, 600)).toBeNull();
    expect(gpxCoverage(600, 1500, 600)).toBeNull();
    expect(gpxCoverage(0, 0, 600)).toBeNull();
  });
});

describe('storedGpxFilename', () => {
  it('keeps an ordinary name as it is', () => {
    expect(storedGpxFilename('Col du Galibier.gpx')).toBe('Col du Galibier.gpx');
  });

  it('keeps the last path segment, without control or direction characters', () => {
    expect(storedGpxFilename('C:\\Users\\me\\ride.gpx')).toBe('ride.gpx');
    expect(storedGpxFilename('../../etc/passwd')).toBe('passwd');
    expect(storedGpxFilename('a\u202Egpx.exe\u0007  b.gpx')).toBe('agpx.exe b.gpx');
    expect(storedGpxFilename('..')).toBe('track.gpx');
    expect(storedGpxFilename('\u0001\u200B')).toBe('track.gpx');
  });

  it('cuts a long name before its extension, whole characters only', () => {
    const name = storedGpxFilename(`${'🚴'.repeat(400)}.gpx`);
    expect([...name]).toHaveLength(MAX_GPX_FILENAME_CHARS);
    expect(name.endsWith('🚴.gpx')).toBe(true);
  });
});

describe('previewPoints', () => {
  it('keeps at most the given number of evenly spaced seconds, first and last included', () => {
    const points = previewPoints(profile(3600), 400);
    expect(points).toHaveLength(400);
    expect(points[0]).toEqual([0, 0, 100, 0]);
    expect(points.at(-1)).toEqual([3599, 35990, 459.9, 3599 % 7]);
    for (let i = 1; i < points.length; i++)
      expect(points[i]![0]).toBeGreaterThan(points[i - 1]![0]);
  });

  it('keeps every second of a short profile', () => {
    expect(previewPoints(profile(5), 400).map((p) => p[0])).toEqual([0, 1, 2, 3, 4]);
    expect(previewPoints(profile(1), 400)).toEqual([[0, 0, 100, 0]]);
  });
});

describe('profile columns', () => {
  it('cross the thread boundary as one array and come back the same', () => {
    const p = profile(1000);
    expect(fromColumns(toColumns(p))).toEqual(p);
  });
});
