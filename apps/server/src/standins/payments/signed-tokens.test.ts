import { describe, expect, it } from 'vitest';
import { tokenSigner } from './signed-tokens.js';

describe('tokenSigner', () => {
  const portal = tokenSigner('k'.repeat(40), 'portal');

  it('returns the signed data until it expires', () => {
    const t = portal.sign({ u: 7 }, 1000, 5000);
    expect(portal.verify(t, 5999)).toMatchObject({ u: 7 });
    expect(portal.verify(t, 6000)).toBeNull();
  });

  it('refuses tampered tokens, other keys and other purposes', () => {
    const t = portal.sign({ u: 7 }, 60_000);
    const [body, sig] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 8, exp: Date.now() + 60_000 })).toString(
      'base64url',
    );
    expect(portal.verify(`${forged}.${sig}`)).toBeNull();
    expect(portal.verify(`${body}.${sig}x`)).toBeNull();
    expect(portal.verify(`${body}`)).toBeNull();
    expect(tokenSigner('k'.repeat(40), 'form').verify(t)).toBeNull();
    expect(tokenSigner('j'.repeat(40), 'portal').verify(t)).toBeNull();
  });
});
