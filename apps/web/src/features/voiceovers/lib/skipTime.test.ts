import { describe, expect, it } from 'vitest';
import { parseSkipTime } from './skipTime';

describe('parseSkipTime', () => {
  it('accepts seconds from 0 to the duration', () => {
    expect(parseSkipTime('0', 90)).toEqual({ ok: true, seconds: 0 });
    expect(parseSkipTime(' 12.5 ', 90)).toEqual({ ok: true, seconds: 12.5 });
    expect(parseSkipTime(90, 90)).toEqual({ ok: true, seconds: 90 });
  });

  it('refuses empty, non-numeric and out-of-range entries with the range', () => {
    const refused = { ok: false, message: 'Enter a time from 0 to 90 seconds.' };
    expect(parseSkipTime('', 90)).toEqual(refused);
    expect(parseSkipTime('abc', 90)).toEqual(refused);
    expect(parseSkipTime('-1', 90)).toEqual(refused);
    expect(parseSkipTime('90.1', 90)).toEqual(refused);
    expect(parseSkipTime('Infinity', 90)).toEqual(refused);
  });

  it('allows only 0 while the duration is unknown', () => {
    expect(parseSkipTime('0', Number.NaN)).toEqual({ ok: true, seconds: 0 });
    expect(parseSkipTime('5', Number.NaN).ok).toBe(false);
    expect(parseSkipTime('5', 62.25)).toEqual({ ok: true, seconds: 5 });
    expect(parseSkipTime('70', 62.25)).toEqual({
      ok: false,
      message: 'Enter a time from 0 to 62.3 seconds.',
    });
  });
});
