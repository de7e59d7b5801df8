/** The adaptive-streaming ladder and encoder timing, as pure decisions from the source's size. */

export type RenditionName = 'hd' | 'sd';

export type RenditionSpec = {
  name: RenditionName;
  width: number;
  height: number;
  /** Peak video bitrate (capped CRF), kbit/s. */
  maxrateKbps: number;
};

export const SEGMENT_SECONDS = 4;
export const AUDIO_KBPS = 128;

const HD_SHORT_SIDE = 1080;
const SD_SHORT_SIDE = 540;
const HD_KBPS = 6000;
const SD_KBPS = 2000;
const MIN_KBPS = 400;

/**
 * HD 1080p and SD 540p, sized on the short side so portrait footage is treated alike. Never
 * upscales: a source smaller than a rung skips it, and a source below 540p gets one rendition at
 * its own size (named 'sd', the rung it stands in for).
 */
export function planRenditions(source: { width: number; height: number }): RenditionSpec[] {
  const short = Math.min(source.width, source.height);
  if (!(short > 0)) throw new RangeError(`invalid video size ${source.width}x${source.height}`);
  const rungs: RenditionSpec[] = [];
  if (short >= HD_SHORT_SIDE) rungs.push(rung('hd', source, HD_SHORT_SIDE, HD_KBPS));
  if (short >= SD_SHORT_SIDE) rungs.push(rung('sd', source, SD_SHORT_SIDE, SD_KBPS));
  else {
    // Scale the SD budget by pixel count so small sources do not get a wasteful bitrate.
    const ratio = (source.width * source.height) / (960 * 540);
    rungs.push(rung('sd', source, even(short), Math.max(MIN_KBPS, Math.round(SD_KBPS * ratio))));
  }
  return rungs;
}

function rung(
  name: RenditionName,
  source: { width: number; height: number },
  shortSide: number,
  maxrateKbps: number,
): RenditionSpec {
  const scale = shortSide / Math.min(source.width, source.height);
  const landscape = source.width >= source.height;
  const long = even(Math.max(source.width, source.height) * scale);
  return landscape
    ? { name, width: long, height: shortSide, maxrateKbps }
    : { name, width: shortSide, height: long, maxrateKbps };
}

/** x264 needs even dimensions for 4:2:0. */
export function even(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2);
}

/** Declared bandwidth of a rendition (video peak + audio), bits/s, as HLS BANDWIDTH expects. */
export function nominalBandwidth(r: RenditionSpec, withAudio: boolean): number {
  return (r.maxrateKbps + (withAudio ? AUDIO_KBPS : 0)) * 1000;
}

export type OutputRate = { value: number; rational: string };

/**
 * Output frame rate: the source's up to ~30 fps; faster sources (GoPro 50/60/120/240) are divided
 * by a whole factor to at most 30 so motion cadence stays even and 2 cores can keep up.
 */
export function outputFrameRate(sourceRational: string): OutputRate {
  const [n = 30, d = 1] = sourceRational.split('/').map(Number);
  const value = n / d;
  if (!Number.isFinite(value) || value <= 0) return { value: 30, rational: '30/1' };
  const factor = value <= 30.5 ? 1 : Math.ceil(value / 30.5);
  return { value: value / factor, rational: `${n}/${d * factor}` };
}

/** Fixed GOP of one segment, so every rendition cuts segments on the same frames. */
export function gopFrames(fps: number, segmentSeconds = SEGMENT_SECONDS): number {
  return Math.max(1, Math.round(fps * segmentSeconds));
}
