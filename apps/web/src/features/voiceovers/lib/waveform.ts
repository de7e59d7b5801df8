/**
 * Waveform peaks as BBC audiowaveform writes them (version 2 JSON): per pixel and channel a
 * min and a max sample, interleaved in `data`. The server makes them 8-bit, normalised to the
 * loudest peak; 16-bit data is read too.
 */
export interface WaveformPeaks {
  channels: number;
  bits: 8 | 16;
  /** Pixels (min/max pairs per channel). */
  length: number;
  data: readonly number[];
}

/** One drawn column: the lowest and highest sample in it, each within [-1, 1]. */
export interface WaveformColumn {
  min: number;
  max: number;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The peaks in a layer's `peaks_data`, or null when it is missing or not such JSON. */
export function parsePeaks(text: string | null): WaveformPeaks | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const { version, channels, bits, length, data } = json as Record<string, unknown>;
  if (version !== 2 || !isInt(channels) || channels < 1 || !isInt(length) || length < 0)
    return null;
  if (bits !== 8 && bits !== 16) return null;
  if (!Array.isArray(data) || data.length < length * channels * 2) return null;
  if (!data.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
  return { channels, bits, length, data: data as number[] };
}

/**
 * `width` columns from the peaks: each spans its share of the pixels and keeps their lowest
 * min and highest max over all channels, scaled to [-1, 1]. Fewer pixels than columns repeat
 * the nearest pixel, so a short recording still fills the canvas.
 */
export function waveformColumns(peaks: WaveformPeaks, width: number): WaveformColumn[] {
  const columns = Math.max(0, Math.floor(width));
  if (peaks.length === 0 || columns === 0) return [];
  const full = peaks.bits === 8 ? 128 : 32768;
  const clamp = (v: number) => Math.max(-1, Math.min(1, v / full));
  const out: WaveformColumn[] = [];
  for (let x = 0; x < columns; x += 1) {
    const from = Math.floor((x * peaks.length) / columns);
    const to = Math.max(from + 1, Math.floor(((x + 1) * peaks.length) / columns));
    let min = Infinity;
    let max = -Infinity;
    for (let p = from; p < to; p += 1) {
      for (let c = 0; c < peaks.channels; c += 1) {
        const i = (p * peaks.channels + c) * 2;
        min = Math.min(min, peaks.data[i] ?? 0);
        max = Math.max(max, peaks.data[i + 1] ?? 0);
      }
    }
    out.push({ min: clamp(min), max: clamp(max) });
  }
  return out;
}
