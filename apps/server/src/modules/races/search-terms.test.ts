import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, prefixTsquery, searchWords } from './search-terms.js';

describe('searchWords', () => {
  it('splits on anything but letters and digits and lowercases', () => {
    expect(searchWords('  Alpine  Climb ')).toEqual(['alpine', 'climb']);
    expect(searchWords("Col d'Izoard 2024")).toEqual(['col', 'd', 'izoard', '2024']);
    expect(searchWords('Müller Café')).toEqual(['müller', 'café']);
  });

  it('strips every tsquery operator so to_tsquery cannot fail', () => {
    expect(searchWords('a & b | !c :* (d) <-> \'e\' "f" \\g')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
    ]);
    expect(searchWords('&|!:*()<->')).toEqual([]);
    expect(searchWords('')).toEqual([]);
  });

  it('drops repeats and bounds the number and length of words', () => {
    expect(searchWords('ride RIDE ride')).toEqual(['ride']);
    expect(searchWords(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(
      MAX_SEARCH_WORDS,
    );
    expect(searchWords('x'.repeat(100))[0]).toHaveLength(40);
  });
});

describe('prefixTsquery', () => {
  it('requires every word as a prefix', () => {
    expect(prefixTsquery(['alp', 'climb'])).toBe('alp:* & climb:*');
  });
  it('ignores stop words, and answers null when nothing is left', () => {
    expect(prefixTsquery(['the', 'thermal', 'after'])).toBe('thermal:*');
    expect(prefixTsquery(['the', 'a'])).toBeNull();
    expect(prefixTsquery([])).toBeNull();
  });
});
