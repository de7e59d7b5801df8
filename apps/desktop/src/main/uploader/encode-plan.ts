/**
 * How the joined video is compressed (pure): under 5 GB whatever its length (document 000's
 * recording guidance: longer recordings get a lower bitrate to stay under 5 GB), no larger
 * than the server's best rendition needs, and never more bits than the picture needs.
 */

/** The bound of the recording guidance. */
export const UPLOAD_BOUND_BYTES = 5_000_000_000;
/** x264's average drifts a little around its target; the container and telemetry add some. */
export const BUDGET_SHARE = 0.9;
export const AUDIO_KBPS = 192;
/** The server streams at most 1080 on the short side (packages/media ladder.ts). */
export const MAX_SHORT_SIDE = 1080;
/** Bits per pixel per frame for a clean source of the server's own encode. */
export const QUALITY_BITS_PER_PIXEL = 0.15;
/** Below this the picture is not worth riding to. */
export const MIN_VIDEO_KBPS = 400;
const OVERHEAD_KBPS = 16;

export interface EncodeInput {
  durationS: number;
  width: number;
  height: number;
  fps: number;
}

export interface EncodePlan {
  width: number;
  height: number;
  videoKbps: number;
  maxrateKbps: number;
  bufsizeKbps: number;
  audioKbps: number;
  /** What the output is expected to weigh (the bound is checked on the real file too). */
  expectedBytes: number;
}

export class EncodePlanError extends Error {
  override readonly name = 'EncodePlanError';
}

export function planEncode(input: EncodeInput): EncodePlan {
  const { durationS, fps } = input;
  if (!(durationS > 0) || !(fps > 0) || !(input.width > 0) || !(input.height > 0)) {
    throw new EncodePlanError('The video has no picture the app can read.');
  }
  const { width, height } = fitShortSide(input.width, input.height, MAX_SHORT_SIDE);
  const qualityKbps = Math.round(
    (width * height * Math.min(fps, 60) * QUALITY_BITS_PER_PIXEL) / 1000,
  );
  const budgetKbps = Math.floor(
    (UPLOAD_BOUND_BYTES * BUDGET_SHARE * 8) / durationS / 1000 - AUDIO_KBPS - OVERHEAD_KBPS,
  );
  const videoKbps = Math.min(qualityKbps, budgetKbps);
  if (videoKbps < MIN_VIDEO_KBPS) {
    throw new EncodePlanError(
      'The video is too long to stay under 5 GB at a watchable quality. Please upload a shorter part.',
    );
  }
  return {
    width,
    height,
    videoKbps,
    maxrateKbps: Math.round(videoKbps * 1.5),
    bufsizeKbps: videoKbps * 2,
    audioKbps: AUDIO_KBPS,
    expectedBytes: Math.round(((videoKbps + AUDIO_KBPS + OVERHEAD_KBPS) * 1000 * durationS) / 8),
  };
}

/** Scaled down (never up) so the short side is at most `maxShort`; even sizes for H.264. */
export function fitShortSide(width: number, height: number, maxShort: number) {
  const scale = Math.min(1, maxShort / Math.min(width, height));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}
