import { describe, expect, it } from 'vitest';
import { signedJson } from './signed-json.js';
import { mediaSigner, type MediaGrant } from './media-signing.js';

const SECRET = 'unit-test-secret';
const grant = (over: Partial<MediaGrant> = {}): MediaGrant => ({
  use: 'play',
  raceId: 7,
  mediaKey: 'streams/7-a',
  quality: 'sd',
  maxSeconds: 600,
  expiresAt: 2_000_000_000,
  ...over,
});

describe('mediaSigner', () => {
  const signer = mediaSigner(SECRET);

  it('keeps the use, the cap and the quality of a grant', () => {
    for (const g of [
      grant(),
      grant({ use: 'image', maxSeconds: null, quality: 'hd' }),
      grant({ use: 'voiceover', mediaKey: 'voiceovers/7/ab12', maxSeconds: null }),
    ]) {
      expect(signer.verify(signer.sign(g), 0)).toEqual(g);
    }
  });

  it('reads a token without a use as an image grant', () => {
    const old = signedJson(SECRET).seal({ r: 7, k: 'streams/7-a', q: 'sd', m: null, e: 2e9 });
    expect(signer.verify(old, 0)?.use).toBe('image');
  });

  it('refuses expired, forged and foreign-secret tokens', () => {
    const token = signer.sign(grant({ expiresAt: 100 }));
    expect(signer.verify(token, 100_001)).toBeNull();
    expect(signer.verify(token, 99_000)).not.toBeNull();
    expect(mediaSigner('other').verify(token, 0)).toBeNull();
    expect(
      signer.verify(
        token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        0,
      ),
    ).toBeNull();
  });
});
