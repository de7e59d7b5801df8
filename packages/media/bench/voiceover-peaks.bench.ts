/**
 * Voiceover peaks benchmark (issue 25): the waveform of a one-hour recording, computed the way
 * the server's `voiceover.process` job does (waveformOfFile: ffmpeg decodes, the peaks are
 * folded chunk by chunk on the event loop; waveformText writes the JSON a slice at a time),
 * against decoding the same file with bare ffmpeg to the null muxer. Rounds alternate the two,
 * so a busy moment of the machine hits both alike; the verdict takes the median of the rounds'
 * ratios and fails when it reaches RATIO_LIMIT.
 *
 * The event loop: monitorEventLoopDelay's maximum while the peaks are computed, per round; the
 * median round must stay under DELAY_LIMIT_MS. The same monitor runs during the bare decode,
 * when this process does nothing at all (its delays are the machine's: a process waiting for a
 * core, a garbage collection's threads competing for one). The peaks fail when their median
 * reaches the limit and, round by round, their maximum is twice or more the idle decode's of
 * the same round (the median of those ratios): on a busy machine the idle rounds are held as
 * long, and a round's two halves are a few seconds apart, so a busy moment falls on both.
 *
 * The hour is the format the job reads (mono AAC, 48 kHz, 64 kbit/s, from streamableAudioArgs):
 * one minute of a voice-like tone encoded once, then looped sixty times by stream copy, so the
 * file is made in seconds. Environment: BENCH_PEAKS_ROUNDS (5).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  createMediaRunner,
  PEAKS_SAMPLE_RATE,
  probe,
  streamableAudioArgs,
  WAVEFORM_SAMPLES_PER_PIXEL,
  waveformOfFile,
  type WaveformJson,
  waveformText,
} from '../src/index.js';

const RATIO_LIMIT = 1.5;
const DELAY_LIMIT_MS = 50;
const ROUNDS = Math.max(1, Number(process.env.BENCH_PEAKS_ROUNDS ?? 5) || 5);
const HOUR_S = 3600;

const runner = createMediaRunner();

async function makeHourFile(dir: string): Promise<string> {
  const tone = path.join(dir, 'minute.wav');
  const minute = path.join(dir, 'minute.m4a');
  const hour = path.join(dir, 'hour.m4a');
  // A 220 Hz voice-like tone whose loudness swells and fades, so the peaks are not constant.
  const voice = 'aevalsrc=sin(2*PI*220*t)*(0.2+0.8*abs(sin(2*PI*0.3*t))):s=48000:d=60';
  await runner.ffmpeg(['-v', 'error', '-y', '-f', 'lavfi', '-i', voice, tone]);
  await runner.ffmpeg(streamableAudioArgs(tone, minute, 61));
  // Stream copy: no encoding, the hour is written in a second or two.
  await runner.ffmpeg([
    ...['-v', 'error', '-y', '-stream_loop', String(HOUR_S / 60 - 1), '-i', minute],
    ...['-c', 'copy', '-movflags', '+faststart', hour],
  ]);
  return hour;
}

/** ffmpeg decoding the file and throwing the samples away: the floor any peaks path stands on. */
async function bareDecode(file: string): Promise<{ ms: number; maxDelayMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const t = performance.now();
  await runner.ffmpeg(['-v', 'error', '-nostdin', '-i', file, '-f', 'null', '-']);
  const ms = performance.now() - t;
  h.disable();
  return { ms, maxDelayMs: h.max / 1e6 };
}

/** The job's path, with the event loop's delays recorded meanwhile. */
async function peaks(
  file: string,
): Promise<{ ms: number; maxDelayMs: number; w: WaveformJson; text: string }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const t = performance.now();
  const w = await waveformOfFile(file);
  const text = await waveformText(w);
  const ms = performance.now() - t;
  h.disable();
  return { ms, maxDelayMs: h.max / 1e6, w, text };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const dir = await mkdtemp(path.join(tmpdir(), 'voiceover-peaks-bench-'));
let failed = false;
try {
  const hour = await makeHourFile(dir);
  const info = await probe(hour, runner);
  console.log(
    `one-hour recording: ${info.durationS.toFixed(0)} s, ${info.audio?.codec} ${info.audio?.sampleRate} Hz`,
  );
  const rows: string[][] = [];
  const ratios: number[] = [];
  const delays: number[] = [];
  const idleDelays: number[] = [];
  const delayRatios: number[] = [];
  let last: { w: WaveformJson; text: string } | null = null;
  for (let round = 1; round <= ROUNDS; round++) {
    const bare = await bareDecode(hour);
    const ours = await peaks(hour);
    ratios.push(ours.ms / bare.ms);
    delays.push(ours.maxDelayMs);
    idleDelays.push(bare.maxDelayMs);
    delayRatios.push(ours.maxDelayMs / Math.max(1, bare.maxDelayMs));
    last = ours;
    rows.push([
      String(round),
      bare.ms.toFixed(0),
      ours.ms.toFixed(0),
      (ours.ms / bare.ms).toFixed(2),
      bare.maxDelayMs.toFixed(1),
      ours.maxDelayMs.toFixed(1),
    ]);
  }
  console.table(
    rows.map(([round, bare, ours, ratio, idle, delay]) => ({
      round,
      'bare decode ms': bare,
      'peaks ms': ours,
      ratio,
      'loop delay idle ms': idle,
      'loop delay peaks ms': delay,
    })),
  );
  const ratio = median(ratios);
  const delay = median(delays);
  const idle = median(idleDelays);
  const pixels = last?.w.length ?? 0;
  const expected = (HOUR_S * PEAKS_SAMPLE_RATE) / WAVEFORM_SAMPLES_PER_PIXEL;
  console.log(
    `peaks: ${pixels} pixels (${((last?.text.length ?? 0) / 1e6).toFixed(2)} MB of JSON), ` +
      `median ratio ${ratio.toFixed(2)} (limit ${RATIO_LIMIT}); event-loop delay, median of the ` +
      `rounds' maxima ${delay.toFixed(1)} ms, worst ${Math.max(...delays).toFixed(1)} ms ` +
      `(limit ${DELAY_LIMIT_MS}; idle ${idle.toFixed(1)} ms, worst ${Math.max(...idleDelays).toFixed(1)} ms; ` +
      `per round ${median(delayRatios).toFixed(2)}x the idle, limit 2x)`,
  );
  if (Math.abs(pixels - expected) / expected > 0.01) {
    console.error(`FAIL: ${pixels} pixels, expected about ${expected}`);
    failed = true;
  }
  if (ratio >= RATIO_LIMIT) {
    console.error(`FAIL: peaks take ${ratio.toFixed(2)}x a bare decode`);
    failed = true;
  }
  if (delay >= DELAY_LIMIT_MS && median(delayRatios) >= 2) {
    console.error(`FAIL: the event loop was held ${delay.toFixed(1)} ms`);
    failed = true;
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
if (failed) process.exit(1);
console.log('ok');
