import { describe, expect, it } from 'vitest';
import { DURATION_OPTIONS, listSearchParams, readListQuery } from './listQuery';

describe('videos list query in the address', () => {
  it('reads page, term and duration', () => {
    expect(readListQuery(new URLSearchParams('page=3&term=alps&duration=15-30'))).toEqual({
      page: 3,
      term: 'alps',
      duration: '15-30',
    });
  });

  it('falls back to defaults for missing or malformed values', () => {
    expect(readListQuery(new URLSearchParams('page=-2&duration=forever'))).toEqual({
      page: 1,
      term: '',
      duration: 'all',
    });
    expect(readListQuery(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(listSearchParams({ page: 1, term: ' ', duration: 'all' }).toString()).toBe('');
    const query = { page: 2, term: 'coast road', duration: '+60' } as const;
    expect(readListQuery(listSearchParams(query))).toEqual(query);
  });

  it('offers the six duration filters of the spec', () => {
    expect(DURATION_OPTIONS.map((o) => o.value)).toEqual([
      'all',
      '-15',
      '15-30',
      '30-45',
      '45-60',
      '+60',
    ]);
  });
});
