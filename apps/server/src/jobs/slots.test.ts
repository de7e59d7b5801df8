import { describe, expect, it } from 'vitest';
import { namesWithFreeSlots, slotLimits } from './slots.js';

describe('job slots', () => {
  it('gives every name its own limit, so a busy name leaves the others free', () => {
    const limits = { 'video.process': 1, 'track.saved': 4 };
    expect(namesWithFreeSlots(limits, [])).toEqual(['video.process', 'track.saved']);
    expect(namesWithFreeSlots(limits, ['video.process'])).toEqual(['track.saved']);
    const fourSaved = ['track.saved', 'track.saved', 'track.saved', 'track.saved'];
    expect(namesWithFreeSlots(limits, ['video.process', ...fourSaved])).toEqual([]);
    expect(namesWithFreeSlots(limits, fourSaved.slice(1))).toEqual([
      'video.process',
      'track.saved',
    ]);
  });

  it("takes a handler's own concurrency over the default; 0 claims none of that name", () => {
    const limits = slotLimits({ a: {}, b: { concurrency: 3 }, c: { concurrency: 0 } }, 2);
    expect(limits).toEqual({ a: 2, b: 3, c: 0 });
    expect(namesWithFreeSlots(limits, [])).toEqual(['a', 'b']);
    expect(slotLimits({ d: { concurrency: -1 } }, 1)).toEqual({ d: 0 });
  });
});
