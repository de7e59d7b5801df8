import { describe, expect, it } from 'vitest';
import { eventDuration, existingEventVerdict } from './rules.js';

describe('event rules', () => {
  it('takes an open event again only for a retry: same video, not started', () => {
    expect(existingEventVerdict({ raceUrl: 'a', status: 'waiting-room' }, 'a', 3)).toBe('reuse');
    expect(existingEventVerdict({ raceUrl: 'a', status: 'waiting-room' }, 'a', 0)).toBe('reuse');
  });

  it('ends the old event as the host leaving would, unless others ride it', () => {
    // Not started: the host's leaving cancels it, whoever waits in it.
    expect(existingEventVerdict({ raceUrl: 'a', status: 'waiting-room' }, 'b', 2)).toBe(
      'supersede',
    );
    // Started: ended when nobody else is present, refused while others ride.
    expect(existingEventVerdict({ raceUrl: 'a', status: 'in-progress' }, 'a', 0)).toBe('supersede');
    expect(existingEventVerdict({ raceUrl: 'a', status: 'in-progress' }, 'a', 1)).toBe('conflict');
  });

  it('rounds the video’s duration, null while unknown', () => {
    expect(eventDuration(1799.6)).toBe(1800);
    expect(eventDuration(0)).toBeNull();
    expect(eventDuration(Number.NaN)).toBeNull();
  });
});
