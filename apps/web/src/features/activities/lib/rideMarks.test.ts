import { describe, expect, it } from 'vitest';
import { NOT_RANKED_EXPLANATION, rideMarks } from './rideMarks';

describe('rideMarks', () => {
  it('marks a reactive ride at another difficulty as not ranked', () => {
    expect(rideMarks({ ride_mode: 'reactive', difficulty: 80 })).toMatchObject({
      mode: 'reactive',
      modeLabel: 'Reactive',
      difficultyLabel: 'Difficulty 80 % · not ranked',
    });
    expect(rideMarks({ ride_mode: 'steady', difficulty: 150 }).difficultyLabel).toBe(
      'Difficulty 150 % · not ranked',
    );
    expect(rideMarks({ ride_mode: 'steady', difficulty: 0 }).difficultyLabel).toBe(
      'Difficulty 0 % · not ranked',
    );
  });

  it('leaves a ride at 100 % unmarked, and reads a missing mode and difficulty as steady at 100', () => {
    expect(rideMarks({ ride_mode: 'reactive', difficulty: 100 }).difficultyLabel).toBeNull();
    expect(rideMarks({})).toMatchObject({
      mode: 'steady',
      modeLabel: 'Steady',
      difficultyLabel: null,
    });
  });

  it('explains the rule', () => {
    expect(NOT_RANKED_EXPLANATION).toBe(
      'Only rides at 100 % difficulty count for leaderboards and challenges.',
    );
  });
});
