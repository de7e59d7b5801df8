import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  concatListFile,
  type JoinPlan,
  joinStage,
  type SegmentRange,
} from '../ffmpeg/args-join.js';
import { even, outputFrameRate } from '../ffmpeg/ladder.js';
import { type ProbeResult, isVideoProbe, probe } from '../ffmpeg/probe.js';
import { createMediaRunner, type MediaRunner, MediaToolError } from '../ffmpeg/run.js';

export type JoinSource = { path: string; probe: ProbeResult };

/** An input is not footage (see isVideoProbe), or the offsets leave nothing to keep. */
export class InvalidMediaInputError extends Error {
  override readonly name = 'InvalidMediaInputError';
}

/** Shortest output accepted after offsets: anything shorter is a mistake in the offsets. */
export const MIN_OUTPUT_SECONDS = 1;

/**
 * The part of each file kept after cutting `startOffsetS` from the start of the joined timeline
 * and `endOffsetS` from its end; files entirely inside a cut are dropped.
 */
export function planSegments(
  durations: readonly number[],
  startOffsetS = 0,
  endOffsetS = 0,
): { index: number; startS: number; durationS: number }[] {
  if (!(startOffsetS >= 0) || !(endOffsetS >= 0))
    throw new InvalidMediaInputError('offsets must be zero or more seconds');
  const total = durations.reduce((a, b) => a + b, 0);
  const keepFrom = startOffsetS;
  const keepTo = total - endOffsetS;
  if (keepTo - keepFrom < MIN_OUTPUT_SECONDS)
    throw new InvalidMediaInputError(
      `offsets ${startOffsetS}s + ${endOffsetS}s leave less than ${MIN_OUTPUT_SECONDS}s of ${total.toFixed(1)}s`,
    );
  const parts: { index: number; startS: number; durationS: number }[] = [];
  let at = 0;
  durations.forEach((d, index) => {
    const from = Math.max(keepFrom, at);
    const to = Math.min(keepTo, at + d);
    if (to - from > 1e-3) parts.push({ index, startS: from - at, durationS: to - from });
    at += d;
  });
  return parts;
}

/**
 * Stream copy is safe only when every file decodes with the same decoder setup: same codecs,
 * size, pixel format, frame rate and identical codec extradata (SPS/PPS), same audio layout.
 * GoPro chapters of one recording qualify; footage from different cameras does not.
 */
export function canStreamCopy(probes: readonly ProbeResult[]): boolean {
  const [first, ...rest] = probes;
  if (!first?.video) return false;
  const key = (p: ProbeResult) =>
    JSON.stringify([
      p.video?.codec,
      p.video?.width,
      p.video?.height,
      p.video?.pixFmt,
      p.video?.fpsRational,
      p.video?.extradataHash,
      p.audio?.codec ?? null,
      p.audio?.sampleRate ?? null,
      p.audio?.channels ?? null,
    ]);
  return rest.every((p) => key(p) === key(first));
}

/**
 * Probes every input; a file ffprobe cannot read becomes an InvalidMediaInputError naming it
 * (a missing ffprobe still throws BinaryNotFoundError).
 */
export async function probeInputs(
  paths: readonly string[],
  runner: MediaRunner,
): Promise<JoinSource[]> {
  return Promise.all(
    paths.map(async (p) => {
      try {
        return { path: p, probe: await probe(p, runner) };
      } catch (err) {
        if (err instanceof MediaToolError || err instanceof SyntaxError)
          throw new InvalidMediaInputError(`${p} is not a video file`, { cause: err });
        throw err;
      }
    }),
  );
}

export function planJoin(
  sources: readonly JoinSource[],
  startOffsetS = 0,
  endOffsetS = 0,
): JoinPlan {
  if (sources.length === 0) throw new InvalidMediaInputError('no input files');
  for (const s of sources)
    if (!isVideoProbe(s.probe)) throw new InvalidMediaInputError(`${s.path} is not a video file`);
  const parts = planSegments(
    sources.map((s) => s.probe.durationS),
    startOffsetS,
    endOffsetS,
  );
  const segments: SegmentRange[] = parts.map((p) => {
    const src = sources[p.index] as JoinSource;
    return {
      path: src.path,
      startS: p.startS,
      durationS: p.durationS,
      hasAudio: !!src.probe.audio,
    };
  });
  const [firstSegment] = segments;
  if (segments.length === 1 && firstSegment) return { mode: 'single', segment: firstSegment };
  const used = parts.map((p) => sources[p.index] as JoinSource);
  if (canStreamCopy(used.map((s) => s.probe)))
    return {
      mode: 'copy',
      paths: used.map((s) => s.path),
      trimStartS: parts[0]?.startS ?? 0,
      durationS: parts.reduce((a, p) => a + p.durationS, 0),
      hasAudio: !!used[0]?.probe.audio,
    };
  // The canvas is the largest input, so the best footage is not downscaled before the ladder.
  const largest = used.reduce((a, b) => (area(b.probe) > area(a.probe) ? b : a));
  const video = largest.probe.video;
  return {
    mode: 'reencode',
    segments,
    canvas: { width: even(video?.width ?? 2), height: even(video?.height ?? 2) },
  };
}

function area(p: ProbeResult): number {
  return (p.video?.width ?? 0) * (p.video?.height ?? 0);
}

export function planDuration(plan: JoinPlan): number {
  if (plan.mode === 'single') return plan.segment.durationS;
  if (plan.mode === 'copy') return plan.durationS;
  return plan.segments.reduce((a, s) => a + s.durationS, 0);
}

/** The frame rate of the first kept file decides the output rate. */
export function planFrameRate(sources: readonly JoinSource[]) {
  return outputFrameRate(sources[0]?.probe.video?.fpsRational ?? '30/1');
}

/**
 * Joins files in order into one MP4 (for the desktop uploader): a lossless stream copy when the
 * files match, else a high-quality re-encode through the concat filter. Returns the mode used.
 */
export async function joinFiles(options: {
  inputs: readonly string[];
  output: string;
  runner?: MediaRunner;
  signal?: AbortSignal;
}): Promise<{ mode: 'copy' | 'reencode'; durationS: number }> {
  const runner = options.runner ?? createMediaRunner();
  const sources = await probeInputs(options.inputs, runner);
  const plan = planJoin(sources);
  const tmp = await mkdtemp(path.join(tmpdir(), 'media-join-'));
  try {
    const listPath = path.join(tmp, 'inputs.txt');
    let args: string[];
    if (plan.mode === 'reencode') {
      const stage = joinStage(plan, listPath, planFrameRate(sources).rational);
      args = [
        ...stage.inputArgs,
        '-filter_complex',
        stage.filters.join(';'),
        '-map',
        `[${stage.video}]`,
      ];
      if (stage.audio) args.push('-map', `[${stage.audio}]`, '-c:a', 'aac', '-b:a', '192k');
      args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18');
    } else {
      await writeFile(listPath, concatListFile(sources.map((s) => path.resolve(s.path))));
      args = ['-f', 'concat', '-safe', '0', '-i', listPath, '-map', '0:v:0', '-map', '0:a:0?'];
      args.push('-c', 'copy');
    }
    const head = ['-hide_banner', '-nostdin', '-y', '-v', 'error'];
    await runner.ffmpeg([...head, ...args, '-movflags', '+faststart', options.output], {
      signal: options.signal,
    });
    return { mode: plan.mode === 'reencode' ? 'reencode' : 'copy', durationS: planDuration(plan) };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
