import { describe, expect, it } from 'vitest';
import {
  acceptsDurationChange,
  canManageRace,
  DEEP_OFFSET,
  durationReportVerdict,
  pageWindow,
} from './rules.js';

describe('canManageRace', () => {
  it('lets the owner and admins in, nobody else', () => {
    expect(canManageRace({ id: 1, admin: false }, { userId: 1 })).toBe(true);
    expect(canManageRace({ id: 2, admin: true }, { userId: 1 })).toBe(true);
    expect(canManageRace({ id: 2, admin: false }, { userId: 1 })).toBe(false);
  });
});

describe('acceptsDurationChange', () => {
  it('takes any positive duration for a video without one', () => {
    expect(acceptsDurationChange(0, 1234.5)).toBe(true);
    expect(acceptsDurationChange(0, 0)).toBe(false);
    expect(acceptsDurationChange(0, Number.NaN)).toBe(false);
  });
  it('takes corrections under 10 % and refuses larger jumps', () => {
    expect(acceptsDurationChange(1000, 1020)).toBe(true);
    expect(acceptsDurationChange(1000, 1099)).toBe(true);
    expect(acceptsDurationChange(1000, 901)).toBe(true);
    expect(acceptsDurationChange(1000, 1100)).toBe(false);
    expect(acceptsDurationChange(1000, 850)).toBe(false);
    expect(acceptsDurationChange(1000, 10_000)).toBe(false);
  });
});

describe('durationReportVerdict', () => {
  const ride = (lastElapsedTime: number | null, durationReportedAt: Date | null = null) => ({
    lastElapsedTime,
    durationReportedAt,
  });

  it('takes a ride that reached the reported end, within 1 % or 5 s', () => {
    expect(durationReportVerdict(ride(1009), 1010)).toEqual({ ok: true });
    expect(durationReportVerdict(ride(1000), 1010)).toEqual({ ok: true });
    expect(durationReportVerdict(ride(60), 64)).toEqual({ ok: true });
  });

  it('refuses without a ride, a ride that already reported, or one that ended elsewhere', () => {
    expect(durationReportVerdict(null, 100)).toMatchObject({ ok: false, reason: 'no-ride' });
    expect(durationReportVerdict(ride(null), 100)).toMatchObject({ reason: 'no-ride' });
    expect(durationReportVerdict(ride(100, new Date()), 100)).toMatchObject({
      reason: 'reported',
    });
    expect(durationReportVerdict(ride(500), 1000)).toEqual({
      ok: false,
      reason: 'mismatch',
      message: 'Your ride ended at 500 s of this video, not at 1000 s.',
    });
    expect(durationReportVerdict(ride(6), 12)).toMatchObject({ reason: 'mismatch' });
  });
});

describe('pageWindow', () => {
  it('reads early pages straight', () => {
    expect(pageWindow(1, 12, 100)).toEqual({ offset: 0, limit: 12, reversed: false });
    expect(pageWindow(9, 12, 100)).toEqual({ offset: 96, limit: 4, reversed: false });
  });
  it('answers nothing past the end', () => {
    expect(pageWindow(10, 12, 100).limit).toBe(0);
    expect(pageWindow(1, 12, 0).limit).toBe(0);
  });
  it('reads deep pages past the middle from the other end', () => {
    const total = 100_000;
    const last = Math.ceil(total / 12);
    expect(pageWindow(last, 12, total)).toEqual({ offset: 0, limit: 4, reversed: true });
    expect(pageWindow(last - 1, 12, total)).toEqual({ offset: 4, limit: 12, reversed: true });
    // Before the middle the straight read skips fewer rows.
    const early = Math.floor(DEEP_OFFSET / 12) + 10;
    expect(pageWindow(early, 12, total).reversed).toBe(false);
  });
  it('covers every row exactly once across all pages either way', () => {
    const total = 5000;
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(total / 12); page++) {
      const w = pageWindow(page, 12, total);
      const asc = Array.from({ length: w.limit }, (_, i) => w.offset + i);
      // Row k (newest first) is row total-1-k oldest first.
      seen.push(...(w.reversed ? asc.map((i) => total - 1 - i).reverse() : asc));
    }
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => i));
  });
});
