import { joinStage, type SegmentRange } from '@ridealong/media';
import type { EncodePlan } from './encode-plan.js';
import type { LocalJoinPlan } from './join-plan.js';

/** A picked file as the ffmpeg runs need it. */
export interface JoinInput {
  path: string;
  hasAudio: boolean;
  /** The stream index of its GoPro GPMF track ('gpmd'), or null. */
  gpmdStream: number | null;
}

const HEAD = ['-hide_banner', '-nostdin', '-y', '-v', 'error'];

/** Seconds with millisecond precision, as ffmpeg reads them. */
const sec = (s: number) => (Math.round(s * 1000) / 1000).toFixed(3);

/**
 * One segment's telemetry, cut like its video (stream copy, whole packets: the plan starts
 * segments on a packet), into a data-only QuickTime file the concat demuxer then joins.
 */
export function telemetryPartArgs(
  input: JoinInput,
  segment: { startS: number; durationS: number },
  output: string,
): string[] {
  if (input.gpmdStream === null) throw new Error('no telemetry stream');
  return [
    ...HEAD,
    ...(segment.startS > 0 ? ['-ss', sec(segment.startS)] : []),
    '-t',
    sec(segment.durationS),
    '-i',
    input.path,
    '-map',
    `0:${input.gpmdStream}`,
    '-c',
    'copy',
    '-f',
    'mov',
    output,
  ];
}

/**
 * The concat demuxer's list of telemetry parts: each part lasts exactly its segment (the
 * `duration` directive), so every part starts where its video does in the joined file.
 */
export function telemetryListFile(parts: readonly { path: string; durationS: number }[]): string {
  return parts
    .map((p) => `file '${p.path.replaceAll("'", "'\\''")}'\nduration ${sec(p.durationS)}\n`)
    .join('');
}

/**
 * The join-and-compress run: every segment decoded and scaled into one canvas (packages/media's
 * join stage), H.264 at the plan's bitrate, AAC, and the telemetry parts copied as a 'gpmd'
 * track (where packages/media's server pipeline looks for the GoPro GPS).
 */
export function joinArgs(options: {
  inputs: readonly JoinInput[];
  plan: LocalJoinPlan;
  encode: EncodePlan;
  fpsRational: string;
  /** The telemetry parts' list file (telemetryListFile), when the plan keeps telemetry. */
  telemetryList: string | null;
  output: string;
}): string[] {
  const { plan, encode } = options;
  const segments: SegmentRange[] = plan.segments.map((s) => {
    const input = options.inputs[s.index];
    if (!input) throw new Error(`no input ${s.index}`);
    return { path: input.path, startS: s.startS, durationS: s.durationS, hasAudio: input.hasAudio };
  });
  const stage = joinStage(
    { mode: 'reencode', segments, canvas: { width: encode.width, height: encode.height } },
    '',
    options.fpsRational,
  );
  const args = [...HEAD, ...stage.inputArgs];
  const telemetryInput = stage.inputArgs.filter((a) => a === '-i').length;
  if (options.telemetryList) args.push('-f', 'concat', '-safe', '0', '-i', options.telemetryList);
  args.push('-filter_complex', stage.filters.join(';'), '-map', `[${stage.video}]`);
  if (stage.audio) args.push('-map', `[${stage.audio}]`);
  if (options.telemetryList) args.push('-map', `${telemetryInput}:0`);
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    `${encode.videoKbps}k`,
    '-maxrate',
    `${encode.maxrateKbps}k`,
    '-bufsize',
    `${encode.bufsizeKbps}k`,
  );
  if (stage.audio) args.push('-c:a', 'aac', '-b:a', `${encode.audioKbps}k`);
  if (options.telemetryList) args.push('-c:d', 'copy', '-tag:d', 'gpmd');
  args.push('-movflags', '+faststart', options.output);
  return args;
}
