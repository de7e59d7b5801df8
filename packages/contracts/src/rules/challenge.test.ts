import { describe, expect, it } from 'vitest';
import {
  challengeDates,
  challengeMeasure,
  challengeStatusText,
  challengeTypeOfKeyword,
  challengeWindow,
  parseAdminDate,
} from './challenge.js';

describe('admin keywords', () => {
  it('maps the six keywords, case-sensitively', () => {
    expect(challengeTypeOfKeyword('race')).toBe('RACE_BASED');
    expect(challengeTypeOfKeyword('distance')).toBe('DISTANCE_BASED');
    expect(challengeTypeOfKeyword('power')).toBe('POWER_BASED');
    expect(challengeTypeOfKeyword('time')).toBe('TIME_BASED');
    expect(challengeTypeOfKeyword('upload')).toBe('UPLOAD_BASED');
    expect(challengeTypeOfKeyword('ride')).toBe('RIDE_BASED');
    for (const bad of [
      'Race',
      'RACE',
      ' race',
      'race ',
      '',
      'toString',
      '__proto__',
      'RACE_BASED',
    ]) {
      expect(challengeTypeOfKeyword(bad)).toBeNull();
    }
  });
});

describe('admin dates (MM-DD-YYYY)', () => {
  it('turns a real date into YYYY-MM-DD', () => {
    expect(parseAdminDate('12-31-2026')).toBe('2026-12-31');
    expect(parseAdminDate('02-29-2028')).toBe('2028-02-29');
  });

  it('refuses what is not a calendar date in that form', () => {
    for (const bad of [
      '02-30-2026',
      '13-01-2026',
      '00-10-2026',
      '1-2-2026',
      '2026-12-31',
      '12/31/2026',
      '02-29-2027',
      '01-01-1999',
      '12-31-9999',
    ]) {
      expect(parseAdminDate(bad)).toBeNull();
    }
  });
});

describe('challenge window', () => {
  it('runs from the start date 00:00 UTC to the end of the end date, and back', () => {
    const w = challengeWindow('2026-11-01', '2026-11-30');
    expect(w.startsAt.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(w.endsAt.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(challengeDates(w.startsAt, w.endsAt)).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-30',
    });
  });
});

describe('status text', () => {
  it('changes at 0, 0.5 and 1', () => {
    const none = challengeStatusText(0);
    const some = challengeStatusText(0.01);
    const half = challengeStatusText(0.5);
    const done = challengeStatusText(1);
    expect(new Set([none, some, half, done]).size).toBe(4);
    expect(challengeStatusText(0.49)).toBe(some);
    expect(challengeStatusText(0.99)).toBe(half);
    expect(challengeStatusText(1.2)).toBe(done);
  });
});

describe('challengeMeasure', () => {
  it('shows distance goals (miles in the documents) in km to metric members only', () => {
    expect(challengeMeasure('DISTANCE_BASED', 100, 'imperial')).toEqual({ value: 100, unit: 'mi' });
    const km = challengeMeasure('DISTANCE_BASED', 100, 'metric');
    expect(km.unit).toBe('km');
    expect(km.value).toBeCloseTo(160.934, 3);
    expect(challengeMeasure('TIME_BASED', 60, 'metric')).toEqual({ value: 60, unit: 'mins' });
    expect(challengeMeasure('POWER_BASED', 150, 'metric').unit).toBe('avg. watts');
  });
});
