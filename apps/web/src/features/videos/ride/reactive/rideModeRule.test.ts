import { describe, expect, it } from 'vitest';
import {
  chosenMode,
  offersModeChoice,
  resumeMode,
  resumeVideoTime,
  rideDifficulty,
  rideModeFor,
} from './rideModeRule';

describe('ride mode rule', () => {
  it('offers the choice only for a solo ride of a video with a timeline', () => {
    expect(offersModeChoice({ grouped: false, hasTimeline: true })).toBe(true);
    expect(offersModeChoice({ grouped: true, hasTimeline: true })).toBe(false);
    expect(offersModeChoice({ grouped: false, hasTimeline: false })).toBe(false);
  });

  it("defaults a member's choice to reactive", () => {
    expect(chosenMode(undefined)).toBe('reactive');
    expect(chosenMode(null)).toBe('reactive');
    expect(chosenMode('steady')).toBe('steady');
  });

  it('rides group rides and videos without slope data steady', () => {
    expect(rideModeFor(undefined, { grouped: false, hasTimeline: true })).toBe('reactive');
    expect(rideModeFor('steady', { grouped: false, hasTimeline: true })).toBe('steady');
    expect(rideModeFor('reactive', { grouped: true, hasTimeline: true })).toBe('steady');
    expect(rideModeFor('reactive', { grouped: false, hasTimeline: false })).toBe('steady');
  });

  it('sends the difficulty as an integer percent within 0-200', () => {
    expect(rideDifficulty(100)).toBe(100);
    expect(rideDifficulty(55.6)).toBe(56);
    expect(rideDifficulty(-5)).toBe(0);
    expect(rideDifficulty(999)).toBe(200);
    expect(rideDifficulty(undefined)).toBe(100);
    expect(rideDifficulty(Number.NaN)).toBe(100);
  });
});

describe('resuming a kept ride', () => {
  it('goes on in its own mode, steady for a ride kept before modes', () => {
    expect(resumeMode({ mode: 'reactive' }, true)).toBe('reactive');
    expect(resumeMode({ mode: 'reactive' }, false)).toBeNull();
    expect(resumeMode({ mode: 'steady' }, false)).toBe('steady');
    expect(resumeMode({}, true)).toBe('steady');
  });

  it('starts the video where the rider was', () => {
    const timeAt = (d: number) => d / 10;
    expect(resumeVideoTime({ last_elapsed: 41, distance: 1234 }, 'reactive', timeAt)).toBe(123.4);
    expect(resumeVideoTime({ last_elapsed: 41, distance: 1234 }, 'steady', timeAt)).toBe(42);
  });
});
