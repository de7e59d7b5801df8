import { signedJson } from './signed-json.js';
import type { MediaQuality } from '@ridealong/contracts';

/**
 * What a token is for: `image` (a card's poster or thumbnails, signed for anyone who sees the
 * card) opens the video's images and nothing else; `play` opens the stream a playback call
 * decided for one viewer and one use (a 600 s preview or the whole video); `voiceover` opens one
 * voiceover's audio file, signed only for viewers who may hear it (modules/voiceovers).
 */
export type MediaUse = 'image' | 'play' | 'voiceover';

/**
 * What a signed media URL allows: one video's folder, for one use, up to a quality, up to a
 * time in the video (previews), until it expires. The token sits in the path
 * (/media/{token}/{file}) so the relative segment URLs inside HLS and DASH manifests carry it
 * without rewriting.
 */
export type MediaGrant = {
  use: MediaUse;
  raceId: number;
  /** Storage folder of the packaged stream. */
  mediaKey: string;
  quality: MediaQuality;
  /** Seconds of video the grant covers; null for all of it. */
  maxSeconds: number | null;
  /** Unix seconds. */
  expiresAt: number;
};

export type MediaSigner = {
  sign: (grant: MediaGrant) => string;
  /** The grant inside a token, or null when it is forged, malformed or expired. */
  verify: (token: string, nowMs?: number) => MediaGrant | null;
  /** Absolute path of a file under the grant: /media/{token}/{file}. */
  url: (grant: MediaGrant, file: string) => string;
  /** An expiry rounded up to the hour, so URLs stay the same (and cacheable) for a while. */
  expiry: (ttlSeconds: number, nowMs?: number) => number;
};

type Packed = {
  u: 'i' | 'p' | 'v';
  r: number;
  k: string;
  q: MediaQuality;
  m: number | null;
  e: number;
};

const USE_CODES = { image: 'i', play: 'p', voiceover: 'v' } as const satisfies Record<
  MediaUse,
  Packed['u']
>;

export function mediaSigner(secret: string): MediaSigner {
  const sealed = signedJson(secret);
  const sign = (g: MediaGrant) =>
    sealed.seal({
      u: USE_CODES[g.use],
      r: g.raceId,
      k: g.mediaKey,
      q: g.quality,
      m: g.maxSeconds,
      e: g.expiresAt,
    } satisfies Packed);
  return {
    sign,
    verify: (token, nowMs = Date.now()) => {
      const p = sealed.open(token) as Partial<Packed> | null;
      if (!p || typeof p.e !== 'number' || p.e * 1000 < nowMs) return null;
      if (typeof p.r !== 'number' || typeof p.k !== 'string' || (p.q !== 'hd' && p.q !== 'sd'))
        return null;
      // Tokens signed before uses existed (every one of them a card's poster link, or a stream
      // link that had leaked through one) open images only.
      const use: MediaUse = p.u === 'p' ? 'play' : p.u === 'v' ? 'voiceover' : 'image';
      const maxSeconds = typeof p.m === 'number' ? p.m : null;
      return { use, raceId: p.r, mediaKey: p.k, quality: p.q, maxSeconds, expiresAt: p.e };
    },
    url: (g, file) => `/media/${sign(g)}/${file.split('/').map(encodeURIComponent).join('/')}`,
    expiry: (ttl, nowMs = Date.now()) => Math.ceil((nowMs / 1000 + ttl) / 3600) * 3600,
  };
}
