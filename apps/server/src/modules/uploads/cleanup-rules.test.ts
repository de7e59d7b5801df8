import { describe, expect, it } from 'vitest';
import {
  DONE_JOB_RETENTION_MS,
  FAILED_JOB_RETENTION_MS,
  isUploadAbandoned,
  jobPruneCutoffs,
  lastActivity,
} from './cleanup-rules.js';

const HOUR = 3600 * 1000;
const now = new Date('2026-05-10T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

describe('lastActivity', () => {
  it('is the latest known time, skipping missing and invalid ones', () => {
    expect(lastActivity([ago(30), null, ago(2), undefined, new Date(NaN), ago(5)])).toEqual(ago(2));
  });

  it('is null when nothing is known', () => {
    expect(lastActivity([])).toBeNull();
    expect(lastActivity([null, undefined])).toBeNull();
  });
});

describe('isUploadAbandoned', () => {
  const idleMs = 24 * HOUR;

  it('takes an upload whose rows and files are all older than the idle time', () => {
    expect(isUploadAbandoned({ activity: [ago(48), ago(30), ago(25)], now, idleMs })).toBe(true);
    expect(isUploadAbandoned({ activity: [ago(24)], now, idleMs })).toBe(true);
  });

  it('keeps an upload whose partial file was written recently, however old its rows', () => {
    expect(isUploadAbandoned({ activity: [ago(72), ago(72), ago(0.1)], now, idleMs })).toBe(false);
  });

  it('keeps a recent upload', () => {
    expect(isUploadAbandoned({ activity: [ago(23.9)], now, idleMs })).toBe(false);
  });

  it('keeps an upload it knows nothing about', () => {
    expect(isUploadAbandoned({ activity: [null], now, idleMs })).toBe(false);
  });

  it('follows the configured idle time', () => {
    expect(isUploadAbandoned({ activity: [ago(3)], now, idleMs: 2 * HOUR })).toBe(true);
    expect(isUploadAbandoned({ activity: [ago(3)], now, idleMs: 4 * HOUR })).toBe(false);
  });
});

describe('jobPruneCutoffs', () => {
  it('keeps done jobs 7 days and failed jobs 30 days', () => {
    expect(DONE_JOB_RETENTION_MS).toBe(7 * 24 * HOUR);
    expect(FAILED_JOB_RETENTION_MS).toBe(30 * 24 * HOUR);
    const c = jobPruneCutoffs(now);
    expect(c.done).toEqual(ago(7 * 24));
    expect(c.failed).toEqual(ago(30 * 24));
  });
});
