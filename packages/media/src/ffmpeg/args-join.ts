/**
 * Pure builders for the first stage of an ffmpeg run: read the inputs, join them in order, cut
 * the offsets, and hand one video label (and one audio label, if any) to the next stage.
 */

/** A part of one input file that ends up in the output. */
export type SegmentRange = { path: string; startS: number; durationS: number; hasAudio: boolean };

export type JoinPlan =
  /** One file: accurate input seeking (-ss/-t before -i). */
  | { mode: 'single'; segment: SegmentRange }
  /** Same codec and parameters: the concat demuxer reads the files as one; trims are filters. */
  | { mode: 'copy'; paths: string[]; trimStartS: number; durationS: number; hasAudio: boolean }
  /** Different codecs or parameters: each part decoded, normalised, then the concat filter. */
  | { mode: 'reencode'; segments: SegmentRange[]; canvas: { width: number; height: number } };

export type JoinStage = {
  inputArgs: string[];
  filters: string[];
  video: string;
  audio: string | null;
};

const AUDIO_NORMALISE = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';

/** The concat demuxer's list file; single quotes in paths are escaped the way it expects. */
export function concatListFile(paths: readonly string[]): string {
  return paths.map((p) => `file '${p.replaceAll("'", "'\\''")}'\n`).join('');
}

/** `fpsRational` sets a constant output rate, which the fixed GOP of the packager relies on. */
export function joinStage(plan: JoinPlan, listPath: string, fpsRational: string): JoinStage {
  const videoTail = `fps=${fpsRational},format=yuv420p`;
  if (plan.mode === 'single') {
    const s = plan.segment;
    return {
      inputArgs: [...seekArgs(s.startS, s.durationS), '-i', s.path],
      filters: [
        `[0:v:0]${videoTail}[jv]`,
        ...(s.hasAudio ? [`[0:a:0]${AUDIO_NORMALISE}[ja]`] : []),
      ],
      video: 'jv',
      audio: s.hasAudio ? 'ja' : null,
    };
  }
  if (plan.mode === 'copy') {
    // Seeking the concat demuxer misplaces video timestamps (ffmpeg 5.1), so trim after decoding.
    const trim = `start=${sec(plan.trimStartS)}:duration=${sec(plan.durationS)}`;
    return {
      inputArgs: ['-f', 'concat', '-safe', '0', '-i', listPath],
      filters: [
        `[0:v:0]trim=${trim},setpts=PTS-STARTPTS,${videoTail}[jv]`,
        ...(plan.hasAudio
          ? [`[0:a:0]atrim=${trim},asetpts=PTS-STARTPTS,${AUDIO_NORMALISE}[ja]`]
          : []),
      ],
      video: 'jv',
      audio: plan.hasAudio ? 'ja' : null,
    };
  }
  return reencodeStage(plan.segments, plan.canvas, videoTail);
}

function reencodeStage(
  segments: readonly SegmentRange[],
  canvas: { width: number; height: number },
  videoTail: string,
): JoinStage {
  const withAudio = segments.some((s) => s.hasAudio);
  const inputArgs: string[] = [];
  const filters: string[] = [];
  const concatInputs: string[] = [];
  const { width: w, height: h } = canvas;
  // Letterbox into the canvas: mixed sizes and aspect ratios keep their shape.
  const fit = `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1`;
  let next = 0;
  segments.forEach((s, i) => {
    const input = next++;
    inputArgs.push(...seekArgs(s.startS, s.durationS), '-i', s.path);
    filters.push(`[${input}:v:0]${fit},${videoTail}[c${i}v]`);
    concatInputs.push(`[c${i}v]`);
    if (!withAudio) return;
    if (s.hasAudio) filters.push(`[${input}:a:0]${AUDIO_NORMALISE}[c${i}a]`);
    else {
      // The concat filter needs the same streams in every part: silence where a file has none.
      const silent = next++;
      inputArgs.push('-f', 'lavfi', '-t', sec(s.durationS), '-i', 'anullsrc=r=48000:cl=stereo');
      filters.push(`[${silent}:a:0]${AUDIO_NORMALISE}[c${i}a]`);
    }
    concatInputs.push(`[c${i}a]`);
  });
  const outs = withAudio ? '[jv][ja]' : '[jv]';
  filters.push(
    `${concatInputs.join('')}concat=n=${segments.length}:v=1:a=${withAudio ? 1 : 0}${outs}`,
  );
  return { inputArgs, filters, video: 'jv', audio: withAudio ? 'ja' : null };
}

function seekArgs(startS: number, durationS: number): string[] {
  return [...(startS > 0 ? ['-ss', sec(startS)] : []), '-t', sec(durationS)];
}

/** Seconds with millisecond precision, no exponent notation. */
export function sec(s: number): string {
  return (Math.round(s * 1000) / 1000).toFixed(3);
}
