import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goproSlopeProfile, processVideo, type ProcessVideoResult } from '../src/index.js';
import { GOPRO_FIXTURE, probeStreams, tempDir } from './helpers.js';

let dir = '';
let cleanup = async () => {};
let result: ProcessVideoResult;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('gopro'));
  result = await processVideo({ inputs: [GOPRO_FIXTURE], outDir: dir });
});

afterAll(() => cleanup());

describe('a real GoPro MAX clip', () => {
  it('becomes a playable stream with one 480p rendition', async () => {
    expect(result.sources[0]?.probe.hasGpmf).toBe(true);
    expect(result.durationS).toBeCloseTo(10.5, 1);
    expect(result.renditions.map((r) => [r.name, r.width, r.height])).toEqual([['sd', 848, 480]]);
    const hls = await probeStreams(path.join(dir, result.hlsMaster));
    expect(
      hls.streams.filter((s) => s.codec_type === 'video').map((s) => [s.width, s.height]),
    ).toEqual([[848, 480]]);
    const dash = await probeStreams(path.join(dir, result.dashManifest));
    expect(dash.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(result.thumbnails).toEqual(['thumbs/thumb-00001.jpg', 'thumbs/thumb-00002.jpg']);
  });

  it('gives a slope profile of one point per second from its GPMF GPS', async () => {
    const points = await goproSlopeProfile({
      inputs: result.sources.map((s) => ({ path: s.path, durationS: s.probe.durationS })),
      durationS: result.durationS,
    });
    expect([10, 11]).toContain(points.length);
    expect(points.map((p) => p.t)).toEqual(points.map((_, i) => i));
    // Walking pace along a street: about 1 m/s, a dozen metres in total, a gentle grade.
    expect(points.at(-1)?.distanceM).toBeGreaterThan(8);
    expect(points.at(-1)?.distanceM).toBeLessThan(20);
    for (const p of points) {
      expect(p.speedMps).toBeGreaterThan(0.5);
      expect(p.speedMps).toBeLessThan(2);
      expect(Math.abs(p.slopePercent)).toBeLessThan(10);
    }
  });
});
