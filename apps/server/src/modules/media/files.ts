import type { MediaQuality } from '@ridealong/contracts';

/** The files of a packaged stream (ffmpeg dash muxer names) and the images beside it. */
export type MediaFile =
  | { kind: 'master' }
  | { kind: 'mpd' }
  | { kind: 'playlist'; stream: number }
  | { kind: 'init'; stream: number }
  | { kind: 'chunk'; stream: number }
  | { kind: 'image' }
  /** A voiceover's audio (its own folder; a `voiceover` grant opens it and nothing else). */
  | { kind: 'audio' };

const PATTERNS: [RegExp, (m: RegExpMatchArray) => MediaFile][] = [
  [/^master\.m3u8$/, () => ({ kind: 'master' })],
  [/^manifest\.mpd$/, () => ({ kind: 'mpd' })],
  [/^media_(\d{1,3})\.m3u8$/, (m) => ({ kind: 'playlist', stream: Number(m[1]) })],
  [/^init-stream(\d{1,3})\.m4s$/, (m) => ({ kind: 'init', stream: Number(m[1]) })],
  [/^chunk-stream(\d{1,3})-\d{1,9}\.m4s$/, (m) => ({ kind: 'chunk', stream: Number(m[1]) })],
  [/^(thumbs\/)?[A-Za-z0-9_-]{1,64}\.(jpg|jpeg|png|webp)$/, () => ({ kind: 'image' })],
  [/^voiceover\.m4a$/, () => ({ kind: 'audio' })],
];

/**
 * What a requested file is, or null for anything else. Only these names are ever served, which
 * also rules out path tricks ('..', absolute paths, hidden files).
 */
export function classifyMediaFile(file: string): MediaFile | null {
  for (const [re, make] of PATTERNS) {
    const m = file.match(re);
    if (m) return make(m);
  }
  return null;
}

/**
 * Stream N is rendition N (names in races.renditions, best first); streams after the videos are
 * audio and always allowed. An SD grant gets only renditions named 'sd'.
 */
export function streamAllowed(
  stream: number,
  renditions: readonly string[],
  quality: MediaQuality,
): boolean {
  if (stream >= renditions.length) return true;
  return quality === 'hd' || renditions[stream] === 'sd';
}

export const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  mpd: 'application/dash+xml',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export const contentTypeOf = (file: string) =>
  CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
