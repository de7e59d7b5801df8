import { open, type FileHandle } from 'node:fs/promises';
import { goProTelemetry } from 'gopro-telemetry';
import { GPMFExtract } from 'gpmf-extract';
import type { Mp4BoxFile } from '../types/mp4box.js';
import type { TrackSample } from './track.js';

/** The file has no GoPro GPMF track (or is not an MP4 at all). */
export class GpmfNotFoundError extends Error {
  override readonly name = 'GpmfNotFoundError';
}

type Extracted = Awaited<ReturnType<typeof GPMFExtract>>;

const FIRST_CHUNK = 1 << 20;
/** After the moov, reads are for single GPMF samples (a few KB each); mp4box keeps them. */
const SAMPLE_CHUNK = 64 << 10;

/**
 * The raw GPMF track and its timing, read through gpmf-extract's file-reader hook: seeks where
 * mp4box asks instead of loading a 4 GB chapter into memory.
 */
export async function extractGpmf(path: string): Promise<Extracted> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    let feeding: Promise<void> = Promise.resolve();
    let settled = false;
    const extraction = GPMFExtract(
      (file) => {
        feeding = feed(fh, size, file as unknown as Mp4BoxFile, () => settled);
      },
      { browserMode: false },
    ).finally(() => {
      settled = true;
    });
    // gpmf-extract never settles when the track is missing (its Node path cannot report it).
    const exhausted = feeding.then(async () => {
      await new Promise((r) => setImmediate(r));
      if (!settled) throw new GpmfNotFoundError(`${path} has no GPMF telemetry track`);
    });
    const result = await Promise.race([extraction, exhausted.then(() => extraction)]);
    return result;
  } catch (err) {
    if (err instanceof GpmfNotFoundError) throw err;
    throw new GpmfNotFoundError(`${path} has no GPMF telemetry track`, { cause: err });
  } finally {
    await fh.close();
  }
}

async function feed(fh: FileHandle, size: number, mp4: Mp4BoxFile, done: () => boolean) {
  let pos = 0;
  let chunk = FIRST_CHUNK;
  const seen = new Set<number>();
  while (!done() && pos < size && !seen.has(pos)) {
    seen.add(pos);
    const length = Math.min(chunk, size - pos);
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, pos);
    const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + bytesRead) as ArrayBuffer & {
      fileStart: number;
    };
    ab.fileStart = pos;
    // Throws inside gpmf-extract when the moov has no GPMF track: surfaced by the caller.
    const next = mp4.appendBuffer(ab);
    if (next === undefined || next <= 0) break;
    if (next < pos || next > pos + bytesRead) chunk = SAMPLE_CHUNK;
    pos = next;
  }
  mp4.flush();
}

/**
 * GPS readings (video clock) from gopro-telemetry's output. GPS9 (HERO11+) carries fix and DOP
 * per reading and is preferred; GPS5 carries them per payload (repeated on each reading).
 */
export function gpsSamplesFromTelemetry(result: unknown): TrackSample[] {
  const streams = Object.values(asRecord(result)).flatMap((device) => {
    const s = asRecord(asRecord(device).streams);
    return [s.GPS9 ? { kind: 9, data: s.GPS9 } : null, s.GPS5 ? { kind: 5, data: s.GPS5 } : null];
  });
  const best = streams.find((s) => s?.kind === 9) ?? streams.find((s) => s?.kind === 5);
  if (!best) return [];
  const samples = asRecord(best.data).samples;
  if (!Array.isArray(samples)) return [];
  return samples.flatMap((raw): TrackSample[] => {
    const s = asRecord(raw);
    const v = Array.isArray(s.value) ? s.value.map(Number) : [];
    const cts = Number(s.cts);
    const [lat, lon, alt, speed2d] = v;
    if (lat === undefined || lon === undefined || !Number.isFinite(cts)) return [];
    const sticky = asRecord(s.sticky);
    const fix = best.kind === 9 ? v[8] : numberOr(s.fix ?? sticky.fix);
    // GPSP is DOP x 100; GPS9 gives DOP itself.
    const dop =
      best.kind === 9
        ? v[7] === undefined
          ? null
          : v[7] * 100
        : numberOr(s.precision ?? sticky.precision);
    return [
      {
        t: cts / 1000,
        lat,
        lon,
        eleM: alt ?? null,
        speedMps: speed2d ?? null,
        fix: fix ?? null,
        dop: dop ?? null,
      },
    ];
  });
}

/** GPS readings of one GoPro file, `t` in seconds of that file's video (MP4 clock). */
export async function readGoproGps(path: string): Promise<TrackSample[]> {
  const extracted = await extractGpmf(path);
  // ellipsoid: relative heights are all a slope needs; skips a geoid lookup (and its warning).
  const telemetry = await goProTelemetry(extracted, {
    stream: ['GPS5', 'GPS9'],
    repeatSticky: true,
    ellipsoid: true,
    timeOut: 'cts',
  });
  return gpsSamplesFromTelemetry(telemetry);
}

/**
 * GPS readings of several joined files on the output video's clock: each file's readings shift
 * by the durations before it, then by the start offset. Files without GPMF leave a hole.
 */
export async function readGoproTrack(
  inputs: readonly { path: string; durationS: number }[],
  startOffsetS = 0,
): Promise<TrackSample[]> {
  const out: TrackSample[] = [];
  let at = 0;
  for (const input of inputs) {
    try {
      const samples = await readGoproGps(input.path);
      for (const s of samples) out.push({ ...s, t: s.t + at - startOffsetS });
    } catch (err) {
      if (!(err instanceof GpmfNotFoundError)) throw err;
    }
    at += input.durationS;
  }
  return out;
}

function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

function numberOr(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
