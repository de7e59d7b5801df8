import type { GpxPreview } from '@ridealong/contracts';
import type { SlopePoint } from '@ridealong/media';

/** What the GPX routes answer when they refuse (the reader's own refusals come with theirs). */
export const GPX_MESSAGES = {
  notFound: 'Video not found.',
  notOwner: 'Only the owner of this video (or an admin) can change its gradients.',
  notReady: 'The video is still being processed: add a GPX file once it is ready.',
  noFile: 'Attach the GPX file as the form\u2019s "gpx" file.',
  tooLarge: (maxBytes: number) =>
    `The GPX file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  offset: 'The offset must be a number of seconds.',
  noElevation: 'The GPX track has no elevations (<ele>), so it gives no slope.',
  noUsableTrack:
    'The GPX track has too few usable positions over the video with this offset to give a slope.',
  noOverlap: (from: number, to: number, duration: number) =>
    `With this offset the GPX track covers video seconds ${from} to ${to}, outside the video ` +
    `(0 to ${duration} s): change the offset.`,
  busy: 'The server is busy reading GPX files. Please try again in a moment.',
  tooSlow: 'Reading the GPX file took too long. Please try again later.',
  tooComplex: 'The GPX file is too complex to read.',
} as const;

/** One member's GPX calls (previews and saves together): a preview re-sends the file. */
export const GPX_RATE = { calls: 60, windowMs: 10 * 60_000 } as const;
/** GPX files read at once in a process, and waiting beyond them before a 503. */
export const GPX_WORKERS = { limit: 2, maxWaiting: 8 } as const;
/** A worker past this is stopped (a 24-hour video builds in about 10 s). */
export const GPX_WORKER_TIMEOUT_MS = 60_000;
export const GPX_WORKER_MEMORY_MB = 512;
/** gpx_upload_filename keeps at most this many characters (the extension is kept). */
export const MAX_GPX_FILENAME_CHARS = 200;

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The video seconds a track's timed points cover, first and last reading on the video's clock
 * cut to the video; null when they do not overlap it at all (the offset put it outside).
 */
export function gpxCoverage(
  firstT: number,
  lastT: number,
  durationS: number,
): { fromS: number; toS: number } | null {
  const fromS = Math.max(0, firstT);
  const toS = Math.min(durationS, lastT);
  return toS > fromS ? { fromS: round2(fromS), toS: round2(toS) } : null;
}

/**
 * The uploaded file's name as gpx_upload_filename keeps it: its last path segment, without
 * control or direction-changing characters, spaces collapsed, bounded (cut before the
 * extension); 'track.gpx' when nothing is left.
 */
export function storedGpxFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean === '' || /^\.+$/.test(clean)) return 'track.gpx';
  const chars = [...clean];
  if (chars.length <= MAX_GPX_FILENAME_CHARS) return clean;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(clean)?.[0] ?? '';
  return chars.slice(0, MAX_GPX_FILENAME_CHARS - ext.length).join('') + ext;
}

/**
 * At most `max` evenly spaced seconds of the profile (first and last kept), as the preview's
 * [t, distance m, elevation m, slope %], the values the profile stores.
 */
export function previewPoints(profile: readonly SlopePoint[], max: number): GpxPreview['points'] {
  const n = profile.length;
  const count = Math.min(n, Math.max(2, max));
  const out: GpxPreview['points'] = [];
  for (let k = 0; k < count; k++) {
    const p = profile[count < 2 ? k : Math.round((k * (n - 1)) / (count - 1))]!;
    out.push([p.t, p.distanceM, p.elevationM, p.slopePercent]);
  }
  return out;
}

/** The offset field's verdict: seconds, or the message of the 400. */
export function offsetMessage(issue: { code: string; message: string } | undefined): string {
  return issue?.code === 'custom' ? issue.message : GPX_MESSAGES.offset;
}
