import { describe, expect, it } from 'vitest';
import { appendPicked, moveItem } from './desktopUploader';

const file = (token: string) => ({ token, name: `${token}.mp4`, size: 1, duration: 10 });

describe('desktop uploader list', () => {
  it('moves a file up or down, and nowhere past the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('adds new picks after the listed ones, once each, without offsets', () => {
    const list = appendPicked([], [file('a'), file('b')]);
    const again = appendPicked(list, [file('b'), file('c')]);
    expect(again.map((f) => f.token)).toEqual(['a', 'b', 'c']);
    expect(again[2]).toMatchObject({ startOffset: null, endOffset: null });
  });
});
