import { describe, expect, it } from 'vitest';
import { videoPath } from './videoPath';

describe('videoPath', () => {
  it("is the race's video page", () => {
    expect(videoPath('river-loop')).toBe('/video/river-loop');
  });

  it('encodes what would lead elsewhere', () => {
    expect(videoPath('a b/c?d#e')).toBe('/video/a%20b%2Fc%3Fd%23e');
  });

  it('adds a query when it has one', () => {
    expect(videoPath('loop', new URLSearchParams({ group: 'true' }))).toBe(
      '/video/loop?group=true',
    );
    expect(videoPath('loop', new URLSearchParams())).toBe('/video/loop');
  });
});
