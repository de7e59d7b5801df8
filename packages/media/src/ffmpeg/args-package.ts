import path from 'node:path';
import type { JoinStage } from './args-join.js';
import {
  posterFilter,
  posterOutputArgs,
  type PosterSpec,
  thumbnailFilter,
  thumbnailOutputArgs,
  type ThumbnailSpec,
} from './args-thumbnails.js';
import { AUDIO_KBPS, gopFrames, type RenditionSpec, SEGMENT_SECONDS } from './ladder.js';

export const HLS_MASTER = 'master.m3u8';
export const DASH_MANIFEST = 'manifest.mpd';

export type PackagePlan = {
  join: JoinStage;
  renditions: readonly RenditionSpec[];
  fps: number;
  outDir: string;
  thumbnails: ThumbnailSpec;
  poster: PosterSpec;
};

/**
 * One ffmpeg run: join stage -> split -> every rendition (x264, closed fixed GOP aligned on segment
 * boundaries) + AAC into CMAF fMP4 segments described by both a DASH manifest and an HLS master,
 * plus the thumbnails and the poster as extra outputs of the same decode.
 */
export function packageArgs(plan: PackagePlan): string[] {
  const { join, renditions } = plan;
  const branches = renditions.map((_, i) => `r${i}`);
  const filters = [
    ...join.filters,
    `[${join.video}]split=${branches.length + 2}${[...branches, 'th', 'po'].map((b) => `[${b}]`).join('')}`,
    ...renditions.map(
      (r, i) => `[r${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1[v${i}]`,
    ),
    thumbnailFilter('th', plan.thumbnails, 'thumbs'),
    posterFilter('po', plan.poster, 'poster'),
  ];
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    ...join.inputArgs,
    '-filter_complex',
    filters.join(';'),
    ...streamingOutputArgs(plan),
    ...thumbnailOutputArgs('thumbs', path.join(plan.outDir, plan.thumbnails.pattern)),
    ...posterOutputArgs('poster', path.join(plan.outDir, plan.poster.file)),
  ];
}

function streamingOutputArgs(plan: PackagePlan): string[] {
  const { join, renditions } = plan;
  const gop = String(gopFrames(plan.fps));
  const args: string[] = [];
  renditions.forEach((_, i) => args.push('-map', `[v${i}]`));
  if (join.audio) args.push('-map', `[${join.audio}]`);
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-crf', '22');
  renditions.forEach((r, i) =>
    args.push(`-maxrate:v:${i}`, `${r.maxrateKbps}k`, `-bufsize:v:${i}`, `${r.maxrateKbps * 2}k`),
  );
  // Same keyframes in every rendition: fixed GOP, no scene-cut keyframes, forced at boundaries.
  args.push('-g', gop, '-keyint_min', gop, '-sc_threshold', '0');
  args.push('-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`);
  if (join.audio) args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000');
  args.push(
    '-max_muxing_queue_size',
    '4096',
    '-f',
    'dash',
    '-dash_segment_type',
    'mp4',
    '-seg_duration',
    String(SEGMENT_SECONDS),
    '-use_template',
    '1',
    '-use_timeline',
    '1',
    '-hls_playlist',
    '1',
    '-hls_master_name',
    HLS_MASTER,
    '-adaptation_sets',
    join.audio ? 'id=0,streams=v id=1,streams=a' : 'id=0,streams=v',
    path.join(plan.outDir, DASH_MANIFEST),
  );
  return args;
}
