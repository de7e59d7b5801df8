import { describe, expect, it } from 'vitest';
import {
  connectionAway,
  OUTAGE_CHOICES_AFTER_MS,
  outageChoicesDue,
  putOffChoices,
} from './rideConnection';

describe('connectionAway', () => {
  const back = { online: true, linked: true, playerAway: false, trackerRetrying: false };
  it('is back only when online, linked, the player fed and the tracker not retrying', () => {
    expect(connectionAway(back)).toBe(false);
    expect(connectionAway({ ...back, online: false })).toBe(true);
    expect(connectionAway({ ...back, linked: false })).toBe(true);
    expect(connectionAway({ ...back, playerAway: true })).toBe(true);
    expect(connectionAway({ ...back, trackerRetrying: true })).toBe(true);
  });
});

describe('outageChoicesDue', () => {
  const since = 1_000_000;
  it('offers save or discard after two minutes away, not before', () => {
    expect(outageChoicesDue(since, since + OUTAGE_CHOICES_AFTER_MS - 1, null)).toBe(false);
    expect(outageChoicesDue(since, since + OUTAGE_CHOICES_AFTER_MS, null)).toBe(true);
    expect(outageChoicesDue(null, since * 2, null)).toBe(false);
  });

  it('Keep waiting puts them off for another two minutes', () => {
    const chosenAt = since + OUTAGE_CHOICES_AFTER_MS + 5000;
    const until = putOffChoices(chosenAt);
    expect(outageChoicesDue(since, chosenAt + 1000, until)).toBe(false);
    expect(outageChoicesDue(since, until, until)).toBe(true);
  });
});
