import { describe, expect, it } from 'vitest';
import { signedJson } from './signed-json.js';

describe('signedJson', () => {
  const sealed = signedJson('secret-1', 'portal');

  it('opens what it sealed', () => {
    expect(sealed.open(sealed.seal({ user: 7, exp: 10 }))).toEqual({ user: 7, exp: 10 });
  });

  it('refuses another key, another purpose, a changed body and malformed tokens', () => {
    const token = sealed.seal({ user: 7 });
    expect(signedJson('secret-2', 'portal').open(token)).toBeNull();
    expect(signedJson('secret-1', 'csrf').open(token)).toBeNull();
    expect(signedJson('secret-1').open(token)).toBeNull();
    const [, sig] = token.split('.');
    const forged = `${Buffer.from('{"user":8}').toString('base64url')}.${sig}`;
    expect(sealed.open(forged)).toBeNull();
    for (const bad of ['', 'abc', 'a.b.c', `${token}x`]) expect(sealed.open(bad)).toBeNull();
  });

  it('refuses genuine tokens that do not hold an object', () => {
    const raw = signedJson('k');
    const body = Buffer.from('[1,2]').toString('base64url');
    const listToken = raw.seal({}).replace(/^[^.]+/, body);
    expect(raw.open(listToken)).toBeNull();
  });
});
