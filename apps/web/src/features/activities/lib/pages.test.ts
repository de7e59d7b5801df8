import { describe, expect, it } from 'vitest';
import { ACTIVITIES_PAGE_SIZE, type Track } from '@ridealong/contracts';
import { mergeTrackPages, nextTracksStart, tracksPageRange } from './pages';

const row = (id: number): Track => ({
  id,
  title: `Ride ${id}`,
  url: `v${id}`,
  userId: 1,
  race_id: null,
  timestamp: '2025-01-01T00:00:00.000Z',
  total_distance: 0,
  duration: 0,
  accumulated_power: 0,
  uploaded: false,
  strava_upload: 'none',
  strava_activity_url: null,
  strava_error: null,
  thumbnail_url: null,
});

describe('tracksPageRange', () => {
  it('asks for pages of 100', () => {
    expect(ACTIVITIES_PAGE_SIZE).toBe(100);
    expect(tracksPageRange(0)).toEqual({ start: 0, end: 100 });
    expect(tracksPageRange(200)).toEqual({ start: 200, end: 300 });
  });
});

describe('nextTracksStart', () => {
  it('moves on by a page while more tracks remain', () => {
    expect(nextTracksStart(0, 250)).toBe(100);
    expect(nextTracksStart(100, 250)).toBe(200);
  });

  it('stops when the next page would start at or past the count', () => {
    expect(nextTracksStart(200, 250)).toBeUndefined();
    expect(nextTracksStart(0, 100)).toBeUndefined();
    expect(nextTracksStart(0, 99)).toBeUndefined();
    expect(nextTracksStart(0, 0)).toBeUndefined();
  });

  it('loads 101 tracks in two pages', () => {
    expect(nextTracksStart(0, 101)).toBe(100);
    expect(nextTracksStart(100, 101)).toBeUndefined();
  });

  it('honours another page size', () => {
    expect(nextTracksStart(0, 25, 10)).toBe(10);
    expect(nextTracksStart(20, 25, 10)).toBeUndefined();
  });
});

describe('mergeTrackPages', () => {
  it('keeps page order and lists a track shifted into the next page once', () => {
    const pages = [{ rows: [row(9), row(8), row(7)] }, { rows: [row(7), row(6)] }];
    expect(mergeTrackPages(pages).map((t) => t.id)).toEqual([9, 8, 7, 6]);
  });

  it('is empty without pages', () => {
    expect(mergeTrackPages([])).toEqual([]);
  });
});
