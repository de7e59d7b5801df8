import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inspectRecording,
  probe,
  streamableAudioArgs,
  VOICEOVER_AUDIO,
  waveformOfFile,
} from '../src/index.js';
import { makeClip, runner, tempDir } from './helpers.js';

/** A generated recording: `source` is a lavfi audio source, the rest picks the format. */
async function record(dir: string, name: string, source: string, codec: string[]) {
  const out = path.join(dir, name);
  await runner.ffmpeg(['-v', 'error', '-y', '-f', 'lavfi', '-i', source, ...codec, out]);
  return out;
}

describe('voiceover recordings through real ffmpeg', () => {
  let dir: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    dir = await tempDir('voiceover');
  });
  afterAll(() => dir.cleanup());

  it('measures a browser-like webm/opus and an m4a by their packets', async () => {
    const webm = await record(dir.dir, 'tone.webm', 'sine=f=440:d=3', ['-c:a', 'libopus']);
    const m4a = await record(dir.dir, 'tone.m4a', 'sine=f=440:d=3', ['-c:a', 'aac']);
    for (const [file, codec] of [
      [webm, 'opus'],
      [m4a, 'aac'],
    ] as const) {
      const verdict = await inspectRecording(file, { runner });
      expect(verdict).toMatchObject({ ok: true, codec });
      if (verdict.ok) expect(verdict.durationS).toBeCloseTo(3, 1);
    }
  });

  it('finds a long recording long, and refuses a video, text and an empty file as not audio', async () => {
    const long = await record(dir.dir, 'long.flac', 'anullsrc=r=8000:cl=mono', [
      '-t',
      '7201',
      '-c:a',
      'flac',
    ]);
    const verdict = await inspectRecording(long, { runner });
    expect(verdict.ok && Math.round(verdict.durationS)).toBe(7201);

    const video = await makeClip(dir.dir, 'clip.mp4', {
      width: 64,
      height: 64,
      rate: 10,
      seconds: 1,
    });
    const text = path.join(dir.dir, 'notes.txt');
    await writeFile(text, 'Dear diary,\n'.repeat(200));
    const empty = path.join(dir.dir, 'empty.webm');
    await writeFile(empty, '');
    for (const file of [video, text, empty]) {
      expect(await inspectRecording(file, { runner })).toEqual({ ok: false, reason: 'not-audio' });
    }
  });

  it('stores mono AAC with the index first, and draws its waveform at 8 kHz', async () => {
    const source = await record(dir.dir, 'voice.webm', 'sine=f=300:d=2', ['-c:a', 'libopus']);
    const out = path.join(dir.dir, VOICEOVER_AUDIO.fileName);
    await runner.ffmpeg(streamableAudioArgs(source, out, 2.5));
    const info = await probe(out, runner);
    expect(info.audio).toMatchObject({ codec: 'aac', channels: 1, sampleRate: 48_000 });
    expect(info.video).toBeNull();
    expect(info.durationS).toBeCloseTo(2, 1);

    const w = await waveformOfFile(out);
    expect(w).toMatchObject({ version: 2, channels: 1, sample_rate: 8000, bits: 8 });
    expect(w.samples_per_pixel).toBe(128);
    // Two seconds at 8 kHz, 128 samples a pixel: 125 pixels (the encoder's padding aside).
    expect(w.length).toBeGreaterThanOrEqual(124);
    expect(w.length).toBeLessThanOrEqual(130);
    expect(w.data).toHaveLength(2 * w.length);
    // Normalised to the loudest peak, whichever side it is on; the tone is full height throughout.
    expect(Math.max(...w.data.map(Math.abs))).toBe(127);
    const middle = w.data.slice(100, 140);
    expect(Math.min(...middle)).toBeLessThanOrEqual(-110);
    expect(Math.max(...middle)).toBeGreaterThanOrEqual(110);
  });

  it('refuses a file it cannot decode with ffmpeg’s own reason', async () => {
    const junk = path.join(dir.dir, 'junk.m4a');
    await writeFile(junk, Buffer.alloc(4096, 7));
    await expect(waveformOfFile(junk)).rejects.toThrow(/ffmpeg failed/);
  });
});
