/**
 * Waveform peaks for a voiceover's Voiceover tab (issue 25), in BBC audiowaveform's version 2
 * JSON, the format peaks.js and waveform-data read: `data` holds a (min, max) pair per pixel of
 * `samples_per_pixel` samples, 8 bits for peaks.js. The documents ask for 128 samples per pixel
 * and data normalised to the maximum peak (audiowaveform's automatic amplitude scale), so a
 * quiet recording still draws a full-height waveform.
 *
 * Input is mono 16-bit PCM as ffmpeg decodes it (`pcmDecodeArgs`); it arrives in chunks and is
 * folded pixel by pixel, so memory grows with the pixels (1/128 of the samples), not the audio.
 */

export const WAVEFORM_SAMPLES_PER_PIXEL = 128;
export const WAVEFORM_BITS = 8;
const MAX_8_BIT = 127;
const MIN_8_BIT = -128;

export type WaveformJson = {
  version: 2;
  channels: 1;
  sample_rate: number;
  samples_per_pixel: number;
  bits: 8;
  /** Pixels (pairs in `data`). */
  length: number;
  data: number[];
};

export type WaveformBuilder = {
  /** The next samples, in order; a chunk may end in the middle of a pixel. */
  push(samples: Int16Array): void;
  /** The waveform of everything pushed (silence: every value 0). */
  finish(): WaveformJson;
  /**
   * The same, scaled a slice of pixels at a time with `between()` awaited between slices (an
   * hour at 8 kHz is 225,000 pixels: tens of milliseconds at once on a busy machine).
   */
  finishInSlices(between: () => Promise<void>, slicePixels?: number): Promise<WaveformJson>;
};

const positiveInt = (n: number, what: string) => {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`${what} must be a positive integer`);
};

export function waveformBuilder(
  sampleRate: number,
  samplesPerPixel = WAVEFORM_SAMPLES_PER_PIXEL,
): WaveformBuilder {
  positiveInt(sampleRate, 'sample rate');
  positiveInt(samplesPerPixel, 'samples per pixel');
  // Raw 16-bit minima and maxima per pixel, scaled once at the end.
  const mins: number[] = [];
  const maxs: number[] = [];
  let inPixel = 0;
  let lo = 0;
  let hi = 0;
  let peak = 0;
  const close = () => {
    mins.push(lo);
    maxs.push(hi);
    peak = Math.max(peak, -lo, hi);
    inPixel = 0;
  };
  /** Closes the open pixel; `scale` fills the JSON's data for pixels [from, to). */
  const finishing = () => {
    if (inPixel > 0) close();
    const scale = peak > 0 ? MAX_8_BIT / peak : 0;
    // Rounded away from zero alike on both sides, so a symmetric wave draws symmetric.
    const at = (v: number) =>
      Math.max(MIN_8_BIT, Math.min(MAX_8_BIT, Math.sign(v) * Math.round(Math.abs(v * scale))));
    const data: number[] = new Array(mins.length * 2);
    const json: WaveformJson = {
      version: 2,
      channels: 1,
      sample_rate: sampleRate,
      samples_per_pixel: samplesPerPixel,
      bits: WAVEFORM_BITS,
      length: mins.length,
      data,
    };
    return {
      json,
      scale(from: number, to: number) {
        for (let p = from; p < to; p++) {
          // `+ 0` turns a rounded -0 into 0, so silence serialises as 0.
          data[2 * p] = at(mins[p] ?? 0) + 0;
          data[2 * p + 1] = at(maxs[p] ?? 0) + 0;
        }
      },
    };
  };
  return {
    push(samples) {
      for (let i = 0; i < samples.length; i++) {
        const s = samples[i] ?? 0;
        if (inPixel === 0) {
          lo = s;
          hi = s;
        } else if (s < lo) lo = s;
        else if (s > hi) hi = s;
        inPixel++;
        if (inPixel === samplesPerPixel) close();
      }
    },
    finish() {
      const done = finishing();
      done.scale(0, mins.length);
      return done.json;
    },
    async finishInSlices(between, slicePixels = 16_384) {
      positiveInt(slicePixels, 'slice');
      const done = finishing();
      for (let from = 0; from < mins.length; from += slicePixels) {
        done.scale(from, Math.min(mins.length, from + slicePixels));
        await between();
      }
      return done.json;
    },
  };
}

/** The waveform of samples held at once. */
export function waveformPeaks(
  samples: Int16Array,
  sampleRate: number,
  samplesPerPixel = WAVEFORM_SAMPLES_PER_PIXEL,
): WaveformJson {
  const builder = waveformBuilder(sampleRate, samplesPerPixel);
  builder.push(samples);
  return builder.finish();
}

/** ffmpeg's arguments to decode any audio to mono 16-bit little-endian PCM on stdout. */
export function pcmDecodeArgs(input: string, sampleRate: number): string[] {
  positiveInt(sampleRate, 'sample rate');
  return [
    '-v',
    'error',
    '-i',
    input,
    '-vn',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    'pipe:1',
  ];
}
