import { fileURLToPath } from 'node:url';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaRunner, probe, readGoproGps } from '@ridealong/media';
import { JoinError, joinLocally, probeTelemetry } from './local-join.js';

// The repository's GoPro fixture (10.5 s, 848x480, GPMF with GPS5): see its README.
const FIXTURE = fileURLToPath(
  new URL('../../../../../packages/media/test/fixtures/gopro-max-heromode.mp4', import.meta.url),
);
const runner = createMediaRunner();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'uploader-join-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('joinLocally (ffmpeg, the GoPro fixture)', () => {
  it('reads the telemetry packets of a GoPro file', async () => {
    const t = await probeTelemetry(FIXTURE, runner);
    expect(t?.stream).toBe(3);
    expect(t?.packetsS.slice(0, 3)).toEqual([0, 1.001, 2.002]);
  });

  it('joins two files with offsets, keeps the GPS on the video’s clock and stays small', async () => {
    const workDir = await mkdtemp(path.join(dir, 'two-'));
    const steps: number[] = [];
    const joined = await joinLocally({
      files: [
        { path: FIXTURE, startOffsetS: 2, endOffsetS: null },
        { path: FIXTURE, startOffsetS: null, endOffsetS: 3 },
      ],
      workDir,
      runner,
      onProgress: (p) => steps.push(p),
    });
    expect(joined.telemetry).toBe(true);
    // 8.515 s (from the packet at 2.002 s) + 7.517 s.
    expect(joined.durationS).toBeGreaterThan(15.8);
    expect(joined.durationS).toBeLessThan(16.6);
    expect(steps.at(-1)).toBe(100);
    const out = await probe(joined.path, runner);
    expect(out).toMatchObject({ hasGpmf: true, video: { width: 848, height: 480 } });
    // The server's own reader finds the GPS: the first file's readings from 2.002 s on, at 0.
    const [source, gps] = await Promise.all([readGoproGps(FIXTURE), readGoproGps(joined.path)]);
    const fromCut = source.filter((s) => s.t >= 2.002);
    expect(gps[0]?.lat).toBeCloseTo(fromCut[0]?.lat ?? 0, 6);
    expect(gps[0]?.t).toBeLessThan(0.2);
    // The second file's first reading sits where its video starts (8.515 s), not earlier.
    const second = gps.filter((s) => s.t >= 8.5);
    expect(second[0]?.lat).toBeCloseTo(source[0]?.lat ?? 0, 6);
    expect(second[0]?.t).toBeLessThan(8.515 + 0.3);
  }, 60_000);

  it('refuses a file that is not a video, naming it', async () => {
    const workDir = await mkdtemp(path.join(dir, 'bad-'));
    await expect(
      joinLocally({
        files: [
          {
            path: path.join(path.dirname(FIXTURE), 'README.md'),
            startOffsetS: null,
            endOffsetS: null,
          },
        ],
        workDir,
        runner,
        onProgress: () => undefined,
      }),
    ).rejects.toThrow(JoinError);
  });

  it('refuses offsets that leave nothing', async () => {
    const workDir = await mkdtemp(path.join(dir, 'cut-'));
    await expect(
      joinLocally({
        files: [{ path: FIXTURE, startOffsetS: 6, endOffsetS: 6 }],
        workDir,
        runner,
        onProgress: () => undefined,
      }),
    ).rejects.toThrow(/File 1/);
  });
});
