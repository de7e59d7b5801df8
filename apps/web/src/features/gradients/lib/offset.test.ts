import { describe, expect, it } from 'vitest';
import { formatOffset, MAX_OFFSET_S, nudgeOffset, OFFSET_ERROR, parseOffset } from './offset';

describe('parseOffset', () => {
  it('reads free text in seconds, blank as 0 (document 001 section 5)', () => {
    expect(parseOffset('')).toEqual({ ok: true, seconds: 0 });
    expect(parseOffset('   ')).toEqual({ ok: true, seconds: 0 });
    expect(parseOffset('0')).toEqual({ ok: true, seconds: 0 });
    expect(parseOffset(' 12 ')).toEqual({ ok: true, seconds: 12 });
    expect(parseOffset('-7.5')).toEqual({ ok: true, seconds: -7.5 });
    expect(parseOffset('+3')).toEqual({ ok: true, seconds: 3 });
  });

  it('refuses what the server refuses: words, NaN, infinities, over a day, over 20 characters', () => {
    for (const text of ['abc', '12s', 'NaN', 'Infinity', '1/2', '1,5', '1 2']) {
      expect(parseOffset(text), text).toEqual({ ok: false, message: OFFSET_ERROR });
    }
    expect(parseOffset(String(MAX_OFFSET_S))).toEqual({ ok: true, seconds: MAX_OFFSET_S });
    expect(parseOffset(String(-MAX_OFFSET_S))).toEqual({ ok: true, seconds: -MAX_OFFSET_S });
    expect(parseOffset(String(MAX_OFFSET_S + 1)).ok).toBe(false);
    expect(parseOffset('0'.repeat(21)).ok).toBe(false);
    expect(parseOffset('\u0000').ok).toBe(false);
  });
});

describe('nudgeOffset', () => {
  it('adds the nudge to the typed seconds', () => {
    expect(nudgeOffset('0', 10)).toBe('10');
    expect(nudgeOffset('10', -1)).toBe('9');
    expect(nudgeOffset(' 2.5 ', 1)).toBe('3.5');
    expect(nudgeOffset('1', -10)).toBe('-9');
  });

  it('starts from 0 when the text is blank or not an offset, so a nudge always leaves a valid one', () => {
    expect(nudgeOffset('', 1)).toBe('1');
    expect(nudgeOffset('soon', -10)).toBe('-10');
  });

  it('stays within a day either way', () => {
    expect(nudgeOffset(String(MAX_OFFSET_S - 3), 10)).toBe(String(MAX_OFFSET_S));
    expect(nudgeOffset(String(-MAX_OFFSET_S), -1)).toBe(String(-MAX_OFFSET_S));
  });

  it('leaves no float dust and no negative zero', () => {
    expect(nudgeOffset('0.1', 0.2)).toBe('0.3');
    expect(nudgeOffset('-1', 1)).toBe('0');
    expect(formatOffset(-0)).toBe('0');
    expect(formatOffset(1.23456)).toBe('1.235');
  });
});
