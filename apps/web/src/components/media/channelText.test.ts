import { describe, expect, it } from 'vitest';
import { channelTitleOf, workoutCountLabel } from './channelText';

describe('channel card text', () => {
  it("counts the channel's videos", () => {
    expect(workoutCountLabel(1)).toBe('1 workout');
    expect(workoutCountLabel(3)).toBe('3 workouts');
    expect(workoutCountLabel(12)).toBe('12 workouts');
  });

  it('names the channel by its title, else by its owner', () => {
    expect(channelTitleOf({ channel_title: 'Hill Repeats', display_name: 'ann' })).toBe(
      'Hill Repeats',
    );
    expect(channelTitleOf({ channel_title: '  ', display_name: 'ann' })).toBe('ann');
    expect(channelTitleOf({ channel_title: null, display_name: 'ann' })).toBe('ann');
  });
});
