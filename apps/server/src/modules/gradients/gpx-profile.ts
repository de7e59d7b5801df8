import { createReadStream } from 'node:fs';
import {
  alignGpxPoints,
  buildSlopeProfile,
  GpxParseError,
  NoUsableTelemetryError,
  readGpxStream,
  type SlopePoint,
} from '@ridealong/media';
import { GPX_MESSAGES, gpxCoverage } from './rules.js';

/** What the worker is asked: a received GPX file, its offset, the video's duration. */
export type GpxProfileJob = { path: string; offsetS: number; durationS: number; maxPoints: number };

/**
 * The worker's answer: the per-second profile as one transferable array (COLUMNS values a
 * second), or the message of a refusal (a file or offset the owner can fix: a 400).
 */
export type GpxProfileOutcome =
  | { ok: true; columns: Float64Array<ArrayBuffer>; coveredFromS: number; coveredToS: number }
  | { ok: false; message: string };

const COLUMNS = 5;
const READ_CHUNK_BYTES = 256 * 1024;

/**
 * GPX file -> slope profile on the video's clock: the bounded streaming reader, the offset, a
 * check that the track overlaps the video at all, then buildSlopeProfile. Heavy (about 0.7 s
 * for an hour of video), so it runs in a worker thread (off-loop.ts), never on the server's loop.
 */
export async function gpxFileProfile(job: GpxProfileJob): Promise<GpxProfileOutcome> {
  try {
    const points = await readGpxStream(
      createReadStream(job.path, { highWaterMark: READ_CHUNK_BYTES }),
      { maxPoints: job.maxPoints },
    );
    const track = alignGpxPoints(points, { offsetS: job.offsetS });
    if (track.length < 2) return { ok: false, message: GPX_MESSAGES.noUsableTrack };
    const first = track[0]!;
    const last = track[track.length - 1]!;
    const covered = gpxCoverage(first.t, last.t, job.durationS);
    if (!covered) {
      return {
        ok: false,
        message: GPX_MESSAGES.noOverlap(
          Math.round(first.t),
          Math.round(last.t),
          Math.round(job.durationS),
        ),
      };
    }
    if (track.filter((s) => s.eleM !== null).length < 2) {
      return { ok: false, message: GPX_MESSAGES.noElevation };
    }
    const profile = buildSlopeProfile(track, { durationS: job.durationS });
    return {
      ok: true,
      columns: toColumns(profile),
      coveredFromS: covered.fromS,
      coveredToS: covered.toS,
    };
  } catch (err) {
    if (err instanceof NoUsableTelemetryError)
      return { ok: false, message: GPX_MESSAGES.noUsableTrack };
    if (err instanceof GpxParseError) return { ok: false, message: sentence(err.message) };
    throw err;
  }
}

export function toColumns(profile: readonly SlopePoint[]): Float64Array<ArrayBuffer> {
  const out = new Float64Array(profile.length * COLUMNS);
  profile.forEach((p, i) => {
    out.set([p.t, p.distanceM, p.elevationM, p.speedMps, p.slopePercent], i * COLUMNS);
  });
  return out;
}

export function fromColumns(columns: Float64Array): SlopePoint[] {
  const out: SlopePoint[] = [];
  for (let i = 0; i + COLUMNS <= columns.length; i += COLUMNS) {
    out.push({
      t: columns[i]!,
      distanceM: columns[i + 1]!,
      elevationM: columns[i + 2]!,
      speedMps: columns[i + 3]!,
      slopePercent: columns[i + 4]!,
    });
  }
  return out;
}

/** The media package's messages start in lower case (they read inside longer logs). */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
