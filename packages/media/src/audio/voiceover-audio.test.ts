import { describe, expect, it } from 'vitest';
import { audioLengthArgs, lastProgressTime, streamableAudioArgs } from './voiceover-audio.js';
import { waveformPeaks } from './waveform.js';
import { pcmSamples, peaksDecodeArgs, PEAKS_SAMPLE_RATE, waveformText } from './waveform-file.js';

describe('pcmSamples', () => {
  it('turns byte chunks into whole little-endian samples, carrying a split sample over', () => {
    const bytes = new Uint8Array(new Int16Array([1, -2, 300, -32768, 32767]).buffer);
    const next = pcmSamples();
    const out: number[] = [];
    // Chunks of 3, 4 and 3 bytes: samples split across every boundary.
    for (const [from, to] of [
      [0, 3],
      [3, 7],
      [7, 10],
    ] as const) {
      out.push(...next(bytes.subarray(from, to)));
    }
    expect(out).toEqual([1, -2, 300, -32768, 32767]);
  });

  it('copies a chunk that starts on an odd address instead of viewing it', () => {
    const backing = new Uint8Array(9);
    backing.set(new Uint8Array(new Int16Array([7, -7, 1000, 2]).buffer), 1);
    expect([...pcmSamples()(backing.subarray(1))]).toEqual([7, -7, 1000, 2]);
  });
});

describe('peaksDecodeArgs', () => {
  it('decodes to mono 16-bit PCM at the peaks rate through the cheap resampler, in large frames', () => {
    const args = peaksDecodeArgs('/tmp/v.m4a');
    expect(args.slice(0, 4)).toEqual(['-v', 'error', '-i', '/tmp/v.m4a']);
    expect(args[args.indexOf('-af') + 1]).toBe(
      'aresample=8000:filter_size=1:phase_shift=0,asetnsamples=n=16384:p=0',
    );
    expect(args.indexOf('-af')).toBeLessThan(args.indexOf('-vn'));
    expect(args.slice(-5)).toEqual(['-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1']);
    expect(args[args.indexOf('-ar') + 1]).toBe(String(PEAKS_SAMPLE_RATE));
    expect(args[args.indexOf('-ac') + 1]).toBe('1');
  });
});

describe('audioLengthArgs and lastProgressTime', () => {
  it('copies the first audio stream to the null muxer, reporting progress on stdout', () => {
    const args = audioLengthArgs('in.webm');
    expect(args).toEqual(expect.arrayContaining(['-map', '0:a:0', '-c', 'copy', '-f', 'null']));
    expect(args[args.indexOf('-progress') + 1]).toBe('pipe:1');
    expect(args.at(-1)).toBe('-');
  });

  it('reads the last time reached, and 0 when ffmpeg reported none', () => {
    const blocks = [
      'out_time_us=1000000\nout_time_ms=1000000\nprogress=continue\n',
      'out_time_us=N/A\nprogress=continue\n',
      'out_time_us=3001000\nout_time=00:00:03.001000\nprogress=end\n',
    ];
    expect(lastProgressTime(blocks.join(''))).toBe(3.001);
    expect(lastProgressTime('out_time_us=N/A\nprogress=end\n')).toBe(0);
    expect(lastProgressTime('')).toBe(0);
  });
});

describe('streamableAudioArgs', () => {
  it('writes mono AAC with the index first, bounded in length, without the input’s metadata', () => {
    const args = streamableAudioArgs('/in/recording', '/out/voiceover.m4a', 12.3456);
    expect(args.slice(-5)).toEqual([
      '-t',
      '12.346',
      '-movflags',
      '+faststart',
      '/out/voiceover.m4a',
    ]);
    expect(args).toEqual(expect.arrayContaining(['-map', '0:a:0', '-vn', '-c:a', 'aac']));
    expect(args[args.indexOf('-ac') + 1]).toBe('1');
    expect(args[args.indexOf('-b:a') + 1]).toBe('64k');
    expect(args[args.indexOf('-map_metadata') + 1]).toBe('-1');
    expect(() => streamableAudioArgs('a', 'b', 0)).toThrow(RangeError);
  });
});

describe('waveformText', () => {
  it('writes exactly what JSON.stringify writes, whatever the length', async () => {
    for (const n of [0, 5, 128 * 40_000 + 77]) {
      const samples = Int16Array.from({ length: n }, (_, i) => Math.round(9000 * Math.sin(i / 7)));
      const w = waveformPeaks(samples, 8000);
      expect(await waveformText(w)).toBe(JSON.stringify(w));
    }
  });
});
