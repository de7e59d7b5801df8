import { describe, expect, it } from 'vitest';
import { parsePeaks, waveformColumns } from './waveform';

const v2 = (fields: Record<string, unknown>) =>
  JSON.stringify({
    version: 2,
    channels: 1,
    sample_rate: 48000,
    samples_per_pixel: 128,
    bits: 8,
    length: 2,
    data: [-10, 20, -128, 127],
    ...fields,
  });

describe('parsePeaks', () => {
  it('reads audiowaveform version 2 JSON', () => {
    expect(parsePeaks(v2({}))).toEqual({
      channels: 1,
      bits: 8,
      length: 2,
      data: [-10, 20, -128, 127],
    });
  });

  it('is null for missing, broken or other JSON', () => {
    expect(parsePeaks(null)).toBeNull();
    expect(parsePeaks('')).toBeNull();
    expect(parsePeaks('{not json')).toBeNull();
    expect(parsePeaks('[1,2]')).toBeNull();
    expect(parsePeaks(v2({ version: 1 }))).toBeNull();
    expect(parsePeaks(v2({ bits: 12 }))).toBeNull();
    expect(parsePeaks(v2({ channels: 0 }))).toBeNull();
    expect(parsePeaks(v2({ length: 3 }))).toBeNull();
    expect(parsePeaks(v2({ data: [1, 'x', 3, 4] }))).toBeNull();
  });
});

describe('waveformColumns', () => {
  const peaks = {
    channels: 1,
    bits: 8 as const,
    length: 4,
    data: [-64, 64, -128, 127, 0, 0, -32, 32],
  };

  it('keeps one column per pixel when the widths match, scaled to [-1, 1]', () => {
    expect(waveformColumns(peaks, 4)).toEqual([
      { min: -0.5, max: 0.5 },
      { min: -1, max: 127 / 128 },
      { min: 0, max: 0 },
      { min: -0.25, max: 0.25 },
    ]);
  });

  it('merges pixels into fewer columns by their extremes', () => {
    expect(waveformColumns(peaks, 2)).toEqual([
      { min: -1, max: 127 / 128 },
      { min: -0.25, max: 0.25 },
    ]);
  });

  it('repeats pixels when the canvas is wider than the recording', () => {
    const cols = waveformColumns(peaks, 8);
    expect(cols).toHaveLength(8);
    expect(cols[0]).toEqual(cols[1]);
    expect(cols[7]).toEqual({ min: -0.25, max: 0.25 });
  });

  it('takes the extremes over every channel', () => {
    const stereo = { channels: 2, bits: 8 as const, length: 1, data: [-10, 10, -100, 50] };
    expect(waveformColumns(stereo, 1)).toEqual([{ min: -100 / 128, max: 50 / 128 }]);
  });

  it('reads 16-bit peaks', () => {
    const deep = { channels: 1, bits: 16 as const, length: 1, data: [-16384, 32767] };
    expect(waveformColumns(deep, 1)).toEqual([{ min: -0.5, max: 32767 / 32768 }]);
  });

  it('draws nothing for no pixels or no width', () => {
    expect(waveformColumns({ ...peaks, length: 0, data: [] }, 100)).toEqual([]);
    expect(waveformColumns(peaks, 0)).toEqual([]);
  });
});
