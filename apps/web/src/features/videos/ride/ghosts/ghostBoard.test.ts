import { describe, expect, it } from 'vitest';
import { MAX_GHOSTS } from '@ridealong/contracts';
import {
  boardRows,
  candidatesOf,
  candidateResult,
  formatGapMetres,
  formatGapSeconds,
  formatWkg,
  ghostsForRide,
  togglePick,
  wattsPerKg,
} from './ghostBoard';
import { ghostRide, ghostsAnswer } from './ghostFixtures';

describe('candidates', () => {
  it('lists own best first, then leaders and around, each ride once', () => {
    const list = candidatesOf(ghostsAnswer);
    expect(list.map((c) => c.ride.track_id)).toEqual([5, 1, 2, 3, 4, 6]);
    expect(list[0]).toMatchObject({ own: true, group: { label: 'Your best' } });
    expect(list.filter((c) => c.own)).toHaveLength(1);
    expect(candidatesOf({ ...ghostsAnswer, own: null })[0]?.group.key).toBe('leaders');
  });

  it('shows a finisher’s time and an unfinished ride’s distance', () => {
    expect(candidateResult(ghostRide(1, { seconds: 3725 }), 'metric')).toBe('1:02:05');
    expect(candidateResult(ghostRide(1, { finished: false, distance: 12_345 }), 'metric')).toBe(
      '12.3 km',
    );
    expect(candidateResult(ghostRide(1, { finished: false, distance: 16_093 }), 'imperial')).toBe(
      '10 mi',
    );
  });
});

describe('picking', () => {
  it("starts from the app's choice and never passes MAX_GHOSTS", () => {
    expect(togglePick('auto', ghostsAnswer, 4)).toEqual([5, 6, 1]);
    expect(togglePick('auto', ghostsAnswer, 2)).toEqual([5, 4, 6, 1, 2]);
    const full = Array.from({ length: MAX_GHOSTS }, (_, i) => i + 1);
    expect(togglePick(full, ghostsAnswer, 99)).toBe(full);
    expect(togglePick(full, ghostsAnswer, 3)).toHaveLength(MAX_GHOSTS - 1);
  });

  it('rides with the pick in the order offered, dropping unknown ids', () => {
    expect(ghostsForRide('auto', ghostsAnswer).map((r) => r.track_id)).toEqual([5, 1, 4, 6]);
    expect(ghostsForRide([3, 77, 2], ghostsAnswer).map((r) => r.track_id)).toEqual([2, 3]);
    expect(ghostsForRide([], ghostsAnswer)).toEqual([]);
  });
});

describe('the board', () => {
  it('orders the rider and the ghosts by distance, unplaced ghosts last', () => {
    const place = (distance: number) => ({
      distance,
      gapMetres: distance - 500,
      gapSeconds: 1,
      gapEstimated: false,
      power: 210,
    });
    const rows = boardRows({ distance: 500, power: 300, weight: 75 }, [
      { ride: ghostRide(1, { display_name: 'Ada' }), place: place(400) },
      { ride: ghostRide(2, { display_name: 'Bo', weight: null }), place: place(600) },
      { ride: ghostRide(3, { display_name: '' }), place: null },
      { ride: ghostRide(4, { display_name: 'Tie' }), place: place(500) },
    ]);
    expect(rows.map((r) => r.name)).toEqual(['Bo', 'You', 'Tie', 'Ada', 'Rider']);
    expect(rows[0]).toMatchObject({ wkg: null, gapMetres: 100 });
    expect(rows[1]).toMatchObject({ self: true, wkg: 4, gapSeconds: null });
    expect(rows[3]?.wkg).toBe(3);
    expect(rows[4]).toMatchObject({ distance: null, gapMetres: null });
  });

  it('writes gaps signed, in the member’s units', () => {
    expect(formatGapSeconds(12.4)).toBe('+12 s');
    expect(formatGapSeconds(-7)).toBe('\u22127 s');
    expect(formatGapSeconds(-200, true)).toBe('\u2248\u22123:20');
    expect(formatGapSeconds(null, true)).toBe('');
    expect(formatGapSeconds(0.2)).toBe('0 s');
    expect(formatGapSeconds(-65)).toBe('\u22121:05');
    expect(formatGapSeconds(3725)).toBe('+1:02:05');
    expect(formatGapSeconds(null)).toBe('');
    expect(formatGapMetres(-85.4, 'metric')).toBe('\u221285 m');
    expect(formatGapMetres(1234, 'metric')).toBe('+1.2 km');
    expect(formatGapMetres(30, 'imperial')).toBe('+98 ft');
    expect(formatGapMetres(-1609.344, 'imperial')).toBe('\u22121 mi');
    expect(formatGapMetres(null, 'metric')).toBe('');
  });

  it('gives W/kg only with a weight and a power', () => {
    expect(wattsPerKg(250, 70)).toBe(3.6);
    expect(wattsPerKg(250, null)).toBeNull();
    expect(wattsPerKg(null, 70)).toBeNull();
    expect(wattsPerKg(250, 0)).toBeNull();
    expect(formatWkg(3.6)).toBe('3.6 W/kg');
    expect(formatWkg(null)).toBe('—');
  });
});
