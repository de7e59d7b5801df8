import { describe, expect, it } from 'vitest';
import { lateBound } from './late-bound.js';

describe('lateBound', () => {
  it('answers the value it was set to', () => {
    const strava = { base: 'https://www.strava.com' };
    const part = lateBound<typeof strava>('Strava web');
    part.set(strava);
    expect(part.get()).toBe(strava);
  });

  it('throws on a get before the set, naming the part and where modules are listed', () => {
    const part = lateBound<number>('Strava web');
    expect(() => part.get()).toThrow(/Strava web was never set/);
    expect(() => part.get()).toThrow(/src\/app-modules\.ts/);
  });

  it('throws when set twice, and keeps the first value', () => {
    const part = lateBound<string>('the challenges of a User answer');
    part.set('first');
    expect(() => part.set('second')).toThrow('the challenges of a User answer is set twice');
    expect(part.get()).toBe('first');
  });

  it('counts a falsy value as set', () => {
    const zero = lateBound<number>('a count');
    zero.set(0);
    expect(zero.get()).toBe(0);
    expect(() => zero.set(1)).toThrow(/set twice/);

    const nothing = lateBound<null>('nothing');
    nothing.set(null);
    expect(nothing.get()).toBeNull();
  });
});
