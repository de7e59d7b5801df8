import { describe, expect, it } from 'vitest';
import { eventRidersText, eventTimeText, NOT_STARTED_TEXT } from './eventFacts';

const fixed = { locale: 'en-US', timeZone: 'UTC' };
const now = Date.parse('2026-11-26T18:00:00Z');

describe('an event card’s time', () => {
  it('has no time before the host starts', () => {
    expect(eventTimeText({ status: 'waiting-room', timeStart: null }, now, fixed)).toBe(
      NOT_STARTED_TEXT,
    );
  });

  it('says when it started, with the day unless it is today', () => {
    const today = Date.parse('2026-11-26T17:42:00Z');
    expect(eventTimeText({ status: 'in-progress', timeStart: today }, now, fixed)).toBe(
      'Started 5:42 PM',
    );
    const earlier = Date.parse('2026-11-20T09:05:00Z');
    expect(eventTimeText({ status: 'complete', timeStart: earlier }, now, fixed)).toBe(
      'Rode Nov 20, 9:05 AM',
    );
  });

  it('decides “today” in the viewer’s time zone', () => {
    // 23:30 UTC on the 25th is the 26th in Tokyo, as is "now" (03:00 on the 27th there).
    const lateNight = Date.parse('2026-11-25T23:30:00Z');
    const tokyo = { locale: 'en-US', timeZone: 'Asia/Tokyo' };
    expect(eventTimeText({ status: 'complete', timeStart: lateNight }, now, tokyo)).toBe(
      'Rode Nov 26, 8:30 AM',
    );
    const tokyoNow = Date.parse('2026-11-26T10:00:00Z');
    expect(eventTimeText({ status: 'complete', timeStart: lateNight }, tokyoNow, tokyo)).toBe(
      'Rode 8:30 AM',
    );
  });
});

describe('an event card’s riders', () => {
  it('counts who is in an open event, and who rode a complete one', () => {
    expect(eventRidersText({ status: 'waiting-room', riders: 1, joined: 1 })).toBe('1 rider in');
    expect(eventRidersText({ status: 'in-progress', riders: 3, joined: 4 })).toBe('3 riders in');
    expect(eventRidersText({ status: 'complete', riders: 0, joined: 4 })).toBe('4 riders rode');
    expect(eventRidersText({ status: 'complete', riders: 0 })).toBeNull();
  });
});
