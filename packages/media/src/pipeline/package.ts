import { access, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  DASH_MANIFEST,
  HLS_MASTER,
  packageArgs,
  type PackagePlan,
} from '../ffmpeg/args-package.js';
import { type RenditionName, nominalBandwidth } from '../ffmpeg/ladder.js';
import type { MediaRunner } from '../ffmpeg/run.js';

export type Rendition = { name: RenditionName; width: number; height: number; bandwidth: number };

export type HlsVariant = { uri: string; bandwidth: number; width: number; height: number };

/** The variant streams of an HLS master playlist (BANDWIDTH, RESOLUTION and the next-line URI). */
export function parseHlsMaster(text: string): HlsVariant[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const variants: HlsVariant[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1]);
    const res = /[:,]RESOLUTION=(\d+)x(\d+)/.exec(line);
    const uri = lines.slice(i + 1).find((l) => l !== '' && !l.startsWith('#'));
    if (uri && res && Number.isFinite(bandwidth))
      variants.push({ uri, bandwidth, width: Number(res[1]), height: Number(res[2]) });
  });
  return variants;
}

/** Sum of #EXTINF durations of a media playlist: the real length of what was written. */
export function playlistDuration(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number(m[1]);
  return total;
}

/**
 * Runs the single packaging pass and checks what it wrote: both manifests present, one HLS
 * variant per planned rendition. Bandwidths are ffmpeg's measured peaks, else the nominal caps.
 */
export async function packageStream(
  plan: PackagePlan,
  runner: MediaRunner,
  run: { expectedDurationS: number; onProgress?: (p: number) => void; signal?: AbortSignal },
): Promise<{ renditions: Rendition[]; durationS: number }> {
  // A fresh thumbnail folder: thumbnails are listed afterwards, and a rerun must not list old ones.
  const thumbDir = path.join(plan.outDir, path.dirname(plan.thumbnails.pattern));
  await rm(thumbDir, { recursive: true, force: true });
  await mkdir(thumbDir, { recursive: true });
  const { onProgress } = run;
  await runner.ffmpeg(packageArgs(plan), {
    signal: run.signal,
    progress: onProgress ? { expectedDurationS: run.expectedDurationS, onProgress } : undefined,
  });
  await access(path.join(plan.outDir, DASH_MANIFEST));
  const master = await readFile(path.join(plan.outDir, HLS_MASTER), 'utf8');
  const variants = parseHlsMaster(master);
  const renditions = plan.renditions.map((r): Rendition => {
    const v = variants.find((x) => x.width === r.width && x.height === r.height);
    if (!v) throw new Error(`HLS master lacks the ${r.name} rendition ${r.width}x${r.height}`);
    return {
      name: r.name,
      width: r.width,
      height: r.height,
      bandwidth: v.bandwidth > 0 ? v.bandwidth : nominalBandwidth(r, plan.join.audio !== null),
    };
  });
  const first = variants[0];
  const media = first ? await readFile(path.join(plan.outDir, first.uri), 'utf8') : '';
  const durationS = playlistDuration(media) || run.expectedDurationS;
  return { renditions, durationS: Math.round(durationS * 1000) / 1000 };
}
