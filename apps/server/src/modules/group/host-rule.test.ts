import { describe, expect, it } from 'vitest';
import { hostLeavingCancels, rideDuration, videoOver } from './host-rule.js';

describe('hostLeavingCancels', () => {
  it('cancels before the start, or when nobody else is present', () => {
    expect(hostLeavingCancels('waiting-room', 5)).toBe(true);
    expect(hostLeavingCancels('waiting-room', 0)).toBe(true);
    expect(hostLeavingCancels('in-progress', 0)).toBe(true);
    expect(hostLeavingCancels('in-progress', 1)).toBe(false);
    expect(hostLeavingCancels('complete', 0)).toBe(false);
  });
});

describe('rideDuration', () => {
  it('is the host’s duration capped to the video’s, else the video’s, in whole seconds', () => {
    expect(rideDuration(90, 120)).toBe(90);
    expect(rideDuration(500, 120)).toBe(120);
    expect(rideDuration(undefined, 120.4)).toBe(121);
    expect(rideDuration(59.2, 120)).toBe(60);
    // A video whose duration is not known (0, or deleted) does not cap.
    expect(rideDuration(300, 0)).toBe(300);
    expect(rideDuration(300, null)).toBe(300);
    expect(rideDuration(undefined, null)).toBeNull();
  });
});

describe('videoOver', () => {
  const start = new Date('2030-01-01T10:00:00Z');
  const event = { status: 'in-progress' as const, timeStart: start, duration: 120 };
  const after = (seconds: number) => start.getTime() + seconds * 1000;

  it('is over once the countdown and the video have run, not before', () => {
    expect(videoOver(event, after(129))).toBe(false);
    expect(videoOver(event, after(130))).toBe(true);
  });

  it('is never over in the waiting room or with an unknown duration', () => {
    expect(videoOver({ ...event, status: 'waiting-room' }, after(9999))).toBe(false);
    expect(videoOver({ ...event, duration: null }, after(9999))).toBe(false);
  });
});
