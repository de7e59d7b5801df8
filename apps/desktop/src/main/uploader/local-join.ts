import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  InvalidMediaInputError,
  isVideoProbe,
  type MediaRunner,
  MediaToolError,
  outputFrameRate,
  probe,
  type ProbeResult,
} from '@ridealong/media';
import { EncodePlanError, planEncode, UPLOAD_BOUND_BYTES } from './encode-plan.js';
import { joinArgs, type JoinInput, telemetryListFile, telemetryPartArgs } from './join-args.js';
import { JoinPlanError, planLocalJoin, type LocalJoinPlan } from './join-plan.js';

export interface JoinRequest {
  path: string;
  startOffsetS: number | null;
  endOffsetS: number | null;
}

export interface JoinedVideo {
  path: string;
  size: number;
  durationS: number;
  telemetry: boolean;
}

/** Something the member can act on (a file, an offset, the length): shown as it is. */
export class JoinError extends Error {
  override readonly name = 'JoinError';
}

const OUTPUT = 'joined.mp4';

/** A file's GoPro telemetry: its 'gpmd' stream and its packets' start times. */
export interface TelemetryProbe {
  stream: number;
  packetsS: number[];
}

/** ffprobe: the 'gpmd' data stream (a GoPro's GPMF track) and when each packet starts. */
export async function probeTelemetry(
  file: string,
  runner: MediaRunner,
): Promise<TelemetryProbe | null> {
  const streams = JSON.parse(
    await runner.ffprobe(['-v', 'error', '-print_format', 'json', '-show_streams', file]),
  ) as { streams?: { index?: number; codec_type?: string; codec_tag_string?: string }[] };
  const gpmd = streams.streams?.find(
    (s) => s.codec_type === 'data' && s.codec_tag_string === 'gpmd',
  );
  if (gpmd?.index === undefined) return null;
  const csv = await runner.ffprobe([
    '-v',
    'error',
    '-select_streams',
    String(gpmd.index),
    '-show_entries',
    'packet=pts_time',
    '-of',
    'csv=p=0',
    file,
  ]);
  const packetsS = csv
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map(Number)
    .filter((n) => Number.isFinite(n));
  return { stream: gpmd.index, packetsS };
}

/**
 * Joins and compresses the member's files into `workDir`/joined.mp4: probe, plan (pure), the
 * telemetry parts, one ffmpeg run with progress, then the checks (under 5 GB; the telemetry
 * track is there when planned).
 */
export async function joinLocally(options: {
  files: readonly JoinRequest[];
  workDir: string;
  runner: MediaRunner;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<JoinedVideo> {
  const { runner, workDir, signal } = options;
  const probes = await Promise.all(options.files.map((f, i) => readFile(f.path, i, runner)));
  const plan = plan_(options.files, probes);
  const used = plan.segments.map((s) => probes[s.index] as Probed);
  const largest = used.reduce((a, b) => (area(b.probe) > area(a.probe) ? b : a));
  const fps = outputFrameRate(used[0]?.probe.video?.fpsRational ?? '30/1');
  let encode;
  try {
    encode = planEncode({
      durationS: plan.durationS,
      width: largest.probe.video?.width ?? 0,
      height: largest.probe.video?.height ?? 0,
      fps: fps.value,
    });
  } catch (err) {
    if (err instanceof EncodePlanError) throw new JoinError(err.message);
    throw err;
  }
  const inputs: JoinInput[] = options.files.map((f, i) => ({
    path: f.path,
    hasAudio: !!probes[i]?.probe.audio,
    gpmdStream: probes[i]?.telemetry?.stream ?? null,
  }));
  let telemetryList: string | null = null;
  if (plan.telemetry) {
    const parts = [];
    for (const [n, s] of plan.segments.entries()) {
      const part = path.join(workDir, `telemetry-${n}.mov`);
      await runner.ffmpeg(telemetryPartArgs(inputs[s.index] as JoinInput, s, part), { signal });
      parts.push({ path: part, durationS: s.durationS });
    }
    telemetryList = path.join(workDir, 'telemetry.txt');
    await writeFile(telemetryList, telemetryListFile(parts));
  }
  const output = path.join(workDir, OUTPUT);
  await runner.ffmpeg(
    joinArgs({ inputs, plan, encode, fpsRational: fps.rational, telemetryList, output }),
    { signal, progress: { expectedDurationS: plan.durationS, onProgress: options.onProgress } },
  );
  const size = (await stat(output)).size;
  if (size >= UPLOAD_BOUND_BYTES) throw new JoinError('The compressed video came out over 5 GB.');
  const joined = await probe(output, runner);
  if (plan.telemetry && !joined.hasGpmf)
    throw new Error('the joined video lost its telemetry track');
  return { path: output, size, durationS: joined.durationS, telemetry: plan.telemetry };
}

type Probed = { probe: ProbeResult; telemetry: TelemetryProbe | null };

async function readFile(file: string, index: number, runner: MediaRunner): Promise<Probed> {
  try {
    const p = await probe(file, runner);
    if (!isVideoProbe(p)) throw new InvalidMediaInputError(file);
    return { probe: p, telemetry: await probeTelemetry(file, runner) };
  } catch (err) {
    if (
      err instanceof InvalidMediaInputError ||
      err instanceof MediaToolError ||
      err instanceof SyntaxError
    ) {
      throw new JoinError(
        `File ${index + 1} (${path.basename(file)}) is not a video the app can read.`,
      );
    }
    throw err;
  }
}

function plan_(files: readonly JoinRequest[], probes: readonly Probed[]): LocalJoinPlan {
  try {
    return planLocalJoin(
      files.map((f, i) => ({
        durationS: probes[i]?.probe.durationS ?? 0,
        startOffsetS: f.startOffsetS,
        endOffsetS: f.endOffsetS,
        telemetryPacketsS: probes[i]?.telemetry?.packetsS ?? null,
      })),
    );
  } catch (err) {
    if (err instanceof JoinPlanError) throw new JoinError(err.message);
    throw err;
  }
}

const area = (p: ProbeResult) => (p.video?.width ?? 0) * (p.video?.height ?? 0);
