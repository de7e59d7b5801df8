import { describe, expect, it } from 'vitest';
import { trainerSettingsOf } from './trainerSettings';

describe('trainerSettingsOf', () => {
  it('reads the profile fields', () => {
    expect(trainerSettingsOf({ trainer_difficulty: 150, trainer_downhill: 0 })).toEqual({
      difficulty: 150,
      downhill: 0,
    });
  });

  it('fills the defaults (100 % and 50 %)', () => {
    expect(trainerSettingsOf({})).toEqual({ difficulty: 100, downhill: 50 });
    expect(trainerSettingsOf({ trainer_difficulty: null })).toEqual({
      difficulty: 100,
      downhill: 50,
    });
  });
});
