import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BinaryOptions } from '../ffmpeg/binaries.js';
import type { RunOptions } from '../ffmpeg/run.js';
import { streamFfmpeg } from '../ffmpeg/stream.js';
import { pcmDecodeArgs, waveformBuilder, type WaveformJson } from './waveform.js';

/**
 * The rate a voiceover's peaks are computed at: 128 samples a pixel is then 16 ms a pixel, so an
 * hour is 225,000 pixels (about 1.6 MB of JSON) and a minute about 25 kB. At the audio's own
 * 48 kHz an hour would be 2.7 million numbers for a drawing 70 px high.
 */
export const PEAKS_SAMPLE_RATE = 8000;

/** Samples ffmpeg gathers into one frame before writing: large writes, few wake-ups. */
const FRAME_SAMPLES = 16_384;

/**
 * pcmDecodeArgs with the cheapest resampler and large frames. The default resampler's
 * anti-aliasing filter costs more than decoding AAC itself, and a peak envelope does not need
 * it; frames of 1,024 samples resampled to 8 kHz would be written to the pipe 171 at a time.
 */
export function peaksDecodeArgs(input: string, sampleRate = PEAKS_SAMPLE_RATE): string[] {
  const args = pcmDecodeArgs(input, sampleRate);
  const filter = `aresample=${sampleRate}:filter_size=1:phase_shift=0,asetnsamples=n=${FRAME_SAMPLES}:p=0`;
  const at = args.indexOf('-vn');
  return [...args.slice(0, at), '-af', filter, ...args.slice(at)];
}

/**
 * Bytes of 16-bit little-endian PCM, in chunks that may split a sample, to whole samples. A
 * chunk is viewed in place when it starts on an even address (the usual case), else copied.
 */
export function pcmSamples(): (chunk: Uint8Array) => Int16Array {
  let carry: number | null = null;
  return (chunk) => {
    let bytes = chunk;
    if (carry !== null) {
      const joined = new Uint8Array(chunk.length + 1);
      joined[0] = carry;
      joined.set(chunk, 1);
      bytes = joined;
      carry = null;
    }
    const whole = bytes.length - (bytes.length % 2);
    if (whole < bytes.length) carry = bytes[whole] ?? 0;
    if (bytes.byteOffset % 2 === 0)
      return new Int16Array(bytes.buffer, bytes.byteOffset, whole / 2);
    return new Int16Array(bytes.slice(0, whole).buffer);
  };
}

/**
 * The waveform of an audio file, folded chunk by chunk from ffmpeg's decode (memory grows with
 * the pixels, not the audio; each chunk is a fraction of a millisecond of work, so the event
 * loop is never held).
 */
export async function waveformOfFile(
  input: string,
  options: RunOptions & BinaryOptions & { sampleRate?: number } = {},
): Promise<WaveformJson> {
  const sampleRate = options.sampleRate ?? PEAKS_SAMPLE_RATE;
  const builder = waveformBuilder(sampleRate);
  const samples = pcmSamples();
  await streamFfmpeg(
    peaksDecodeArgs(input, sampleRate),
    (chunk) => builder.push(samples(chunk)),
    options,
  );
  return builder.finishInSlices(() => nextTurn());
}

/** Values joined per turn of the event loop when the waveform is written out as text. */
const TEXT_SLICE_VALUES = 16_384;

/**
 * `JSON.stringify(w)` written a slice at a time, the event loop free between slices: an hour's
 * 450,000 values at once would hold it for tens of milliseconds.
 */
export async function waveformText(w: WaveformJson): Promise<string> {
  const { data, ...head } = w;
  const parts: string[] = [];
  for (let i = 0; i < data.length; i += TEXT_SLICE_VALUES) {
    parts.push(data.slice(i, i + TEXT_SLICE_VALUES).join(','));
    await nextTurn();
  }
  return `${JSON.stringify(head).slice(0, -1)},"data":[${parts.join(',')}]}`;
}
