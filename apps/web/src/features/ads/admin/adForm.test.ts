import { describe, expect, it } from 'vitest';
import { adInputFrom, emptyAdForm, fromLocalInput, toLocalInput } from './adForm';

describe('house ad form', () => {
  it('round-trips a local datetime through ISO', () => {
    const local = '2026-03-04T05:06';
    expect(toLocalInput(fromLocalInput(local))).toBe(local);
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('builds the contract input', () => {
    const values = {
      ...emptyAdForm(new Date('2026-01-01T10:00:00Z')),
      title: 'Spring sale',
      link_url: 'https://example.com/sale',
      slot: 'videos' as const,
      weight: 3,
    };
    const result = adInputFrom(values);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.input).toMatchObject({ title: 'Spring sale', slot: 'videos', ends_at: null });
      expect(result.input.starts_at).toBe(new Date(values.starts_at).toISOString());
    }
  });

  it('names the failing fields', () => {
    const result = adInputFrom({
      ...emptyAdForm(),
      title: '',
      link_url: 'javascript:alert(1)',
      ends_at: '2000-01-01T00:00',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(['ends_at', 'link_url', 'title']);
      expect(result.errors.link_url).toBe('The link must be an http(s) address.');
    }
  });
});
