import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmDecodeArgs, resolveBinaries, waveformBuilder } from '../src/index.js';
import { makeClip, tempDir } from './helpers.js';

/** ffmpeg decodes with pcmDecodeArgs; the waveform is folded from its stdout, chunk by chunk. */
function decodedWaveform(file: string, sampleRate: number) {
  const builder = waveformBuilder(sampleRate);
  let odd: Buffer = Buffer.alloc(0);
  return new Promise<ReturnType<typeof builder.finish>>((resolve, reject) => {
    const ff = spawn(resolveBinaries().ffmpeg, pcmDecodeArgs(file, sampleRate));
    ff.stdout.on('data', (chunk: Buffer) => {
      const bytes = Buffer.concat([odd, chunk]);
      const whole = bytes.length - (bytes.length % 2);
      const samples = new Int16Array(whole / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(2 * i);
      builder.push(samples);
      odd = bytes.subarray(whole);
    });
    ff.on('error', reject);
    ff.on('close', (code) =>
      code === 0 ? resolve(builder.finish()) : reject(new Error(`ffmpeg exited ${code}`)),
    );
  });
}

describe('a recording decoded by ffmpeg', () => {
  let dir: { dir: string; cleanup: () => Promise<void> };
  let clip: string;
  beforeAll(async () => {
    dir = await tempDir('waveform');
    // One second of a 440 Hz tone (AAC, stereo, 48 kHz), as a recording's audio might be.
    clip = await makeClip(dir.dir, 'tone.mp4', {
      width: 64,
      height: 64,
      rate: 10,
      seconds: 1,
      audio: { rate: 48000, channels: 2 },
    });
  });
  afterAll(() => dir.cleanup());

  it('gives 128-sample pixels at the asked rate, full height in the middle of the tone', async () => {
    const w = await decodedWaveform(clip, 44100);
    expect(w.sample_rate).toBe(44100);
    // About one second of 44,100 samples (the encoder's padding aside): 345 pixels.
    expect(w.length).toBeGreaterThanOrEqual(340);
    expect(w.length).toBeLessThanOrEqual(360);
    const middle = w.data.slice(2 * 100, 2 * 110);
    expect(Math.max(...middle)).toBeGreaterThanOrEqual(120);
    expect(Math.min(...middle)).toBeLessThanOrEqual(-120);
    expect(Math.max(...w.data)).toBe(127);
  });
});
