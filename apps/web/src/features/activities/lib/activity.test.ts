import { describe, expect, it } from 'vitest';
import type { Track } from '@ridealong/contracts';
import { activitySummary, averagePower, formatActivityDate } from './activity';

const track: Track = {
  id: 7,
  title: 'Alpine pass',
  url: 'alpine-pass',
  userId: 3,
  race_id: 11,
  // Local noon, so the shown day is the same in every time zone the test runs in.
  timestamp: new Date(2025, 2, 4, 12).toISOString(),
  total_distance: 16093.44, // 10 miles
  duration: 3725, // 1:02:05
  accumulated_power: 3725 * 180 + 1500,
  uploaded: false,
  strava_upload: 'none',
  strava_activity_url: null,
  strava_error: null,
  thumbnail_url: null,
};

describe('averagePower', () => {
  it('divides accumulated power by the ridden seconds and rounds', () => {
    expect(averagePower({ accumulated_power: 1000, duration: 3 })).toBe(333);
    expect(averagePower({ accumulated_power: 1000, duration: 6 })).toBe(167);
    expect(averagePower(track)).toBe(180);
  });

  it('is 0 for a ride without duration instead of Infinity or NaN', () => {
    expect(averagePower({ accumulated_power: 500, duration: 0 })).toBe(0);
    expect(averagePower({ accumulated_power: 0, duration: 0 })).toBe(0);
  });
});

describe('activitySummary', () => {
  it('formats duration as h:mm:ss, distance in miles and power in watts', () => {
    expect(activitySummary(track, 'imperial', 'en-US')).toEqual({
      date: 'Mar 4, 2025',
      duration: '1:02:05',
      distance: '10.00 mi',
      power: '180 W',
    });
  });

  it('shows the distance in km to a metric member', () => {
    expect(activitySummary(track, 'metric', 'en-US').distance).toBe('16.09 km');
    expect(activitySummary({ ...track, total_distance: 0 }, 'metric').distance).toBe('0.00 km');
  });

  it('shows short rides with a zero hour', () => {
    expect(activitySummary({ ...track, duration: 59 }, 'imperial', 'en-US').duration).toBe(
      '0:00:59',
    );
  });
});

describe('formatActivityDate', () => {
  it('is empty for an unreadable timestamp', () => {
    expect(formatActivityDate('not a date', 'en-US')).toBe('');
  });
});
