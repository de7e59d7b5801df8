import { describe, expect, it } from 'vitest';
import { arrangeActive, DESCRIPTION_MAX, shownDescription } from './featured';
import { fixtureChallenge } from './testFixtures';

describe('arrangeActive', () => {
  it('features the challenge marked featured and lists the others in order', () => {
    const list = [
      fixtureChallenge(1),
      fixtureChallenge(2, { featured: true }),
      fixtureChallenge(3),
    ];
    const layout = arrangeActive(list);
    expect(layout.featured?.id).toBe(2);
    expect(layout.others.map((c) => c.id)).toEqual([1, 3]);
    expect(layout.onlyOne).toBe(false);
  });

  it('features the first when none is marked', () => {
    const layout = arrangeActive([fixtureChallenge(5), fixtureChallenge(6)]);
    expect(layout.featured?.id).toBe(5);
    expect(layout.others.map((c) => c.id)).toEqual([6]);
  });

  it('shows only the one when exactly one is active', () => {
    expect(arrangeActive([fixtureChallenge(9)])).toEqual({
      featured: expect.objectContaining({ id: 9 }),
      others: [],
      onlyOne: true,
    });
  });

  it('has nothing to feature when none is active', () => {
    expect(arrangeActive([])).toEqual({ featured: null, others: [], onlyOne: false });
  });
});

describe('shownDescription', () => {
  const long = 'word '.repeat(100).trim();

  it('keeps the whole text on narrow screens', () => {
    expect(shownDescription(long, false)).toBe(long);
  });

  it('cuts at a word within 350 characters on wide screens', () => {
    const shown = shownDescription(long, true);
    expect(shown.length).toBeLessThanOrEqual(DESCRIPTION_MAX + 1);
    expect(shown.endsWith('word…')).toBe(true);
  });

  it('leaves a short text alone', () => {
    expect(shownDescription('  Ride far.  ', true)).toBe('Ride far.');
  });
});
