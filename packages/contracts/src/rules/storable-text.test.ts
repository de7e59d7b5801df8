import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText, unstorableTextMessage } from './storable-text.js';

describe('text PostgreSQL can store', () => {
  it('refuses NUL and lone surrogates, keeps everything else', () => {
    expect(isStorableText('plain, émoji 🚴, tab\tand newline\n')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\uD83D')).toBe(false);
    expect(isStorableText('x\uDEB4')).toBe(false);
  });

  it('names the path of the first bad string, key or element', () => {
    expect(findUnstorableText({ a: 'ok', b: [1, 'x', { c: 'bad\u0000' }] })).toEqual(['b', 2, 'c']);
    expect(findUnstorableText('\u0000')).toEqual([]);
    expect(findUnstorableText({ raw: { 'k\u0000': 1 } })).toEqual(['raw', 'k?']);
    expect(findUnstorableText({ a: 1, b: null, c: true, d: ['fine'] })).toBeNull();
    // Query strings and route params are parsed into objects with prototypes of their own.
    const query = Object.create(Object.create(null) as object) as Record<string, unknown>;
    query.q = 'a\u0000';
    expect(findUnstorableText(query)).toEqual(['q']);
  });

  it('does not read byte arrays as text and survives very deep nesting', () => {
    expect(findUnstorableText(new Uint8Array([0, 0, 0]))).toBeNull();
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toHaveLength(200_000);
  });

  it('phrases the message with the part of the request', () => {
    expect(unstorableTextMessage('body', { username: 'a\u0000' })).toBe(
      'body.username: contains a character that cannot be stored',
    );
    expect(unstorableTextMessage('', 'a\u0000')).toBe(
      'value: contains a character that cannot be stored',
    );
    expect(unstorableTextMessage('query', { q: 'fine' })).toBeNull();
  });
});
