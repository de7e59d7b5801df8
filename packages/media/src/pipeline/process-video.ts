import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { concatListFile, joinStage } from '../ffmpeg/args-join.js';
import { DASH_MANIFEST, HLS_MASTER } from '../ffmpeg/args-package.js';
import { planRenditions } from '../ffmpeg/ladder.js';
import type { ProbeResult } from '../ffmpeg/probe.js';
import { createMediaRunner, type MediaRunner } from '../ffmpeg/run.js';
import { planDuration, planFrameRate, planJoin, probeInputs } from './join.js';
import { packageStream, type Rendition } from './package.js';
import { listThumbnails, planPoster, planThumbnails } from './thumbnails.js';

export type ProcessVideoOptions = {
  /** Files in the intended join order. */
  inputs: readonly string[];
  /** Output folder (created); manifests, segments, thumbs/ and the poster land here. */
  outDir: string;
  /** Seconds cut from the start of the joined video. */
  startOffsetS?: number;
  /** Seconds cut from the end of the joined video. */
  endOffsetS?: number;
  /** 0..100, from ffmpeg's progress output; reaches 100 when packaging ends. */
  onProgress?: (percent: number) => void;
  thumbnailIntervalS?: number;
  runner?: MediaRunner;
  signal?: AbortSignal;
};

export type ProcessVideoResult = {
  /** Length of the packaged stream in seconds. */
  durationS: number;
  /** Best first. */
  renditions: Rendition[];
  hlsMaster: typeof HLS_MASTER;
  dashManifest: typeof DASH_MANIFEST;
  /** Relative to outDir, in time order: thumbnail k (1-based) is at (k-1) * thumbnailIntervalS. */
  thumbnails: string[];
  thumbnailIntervalS: number;
  poster: string;
  joinMode: 'single' | 'copy' | 'reencode';
  /** The inputs as probed, in order (durations, GPMF presence for the slope profile). */
  sources: { path: string; probe: ProbeResult }[];
};

const CONCAT_LIST = '.inputs.txt';

/** Probe -> plan (pure) -> one ffmpeg run that joins, trims, encodes, packages and thumbnails. */
export async function processVideo(options: ProcessVideoOptions): Promise<ProcessVideoResult> {
  const runner = options.runner ?? createMediaRunner();
  const sources = await probeInputs(options.inputs, runner);
  const join = planJoin(sources, options.startOffsetS ?? 0, options.endOffsetS ?? 0);
  const durationS = planDuration(join);
  const fps = planFrameRate(sources);
  const size =
    join.mode === 'reencode' ? join.canvas : (sources[0]?.probe.video ?? { width: 0, height: 0 });
  const renditions = planRenditions(size);
  const thumbnails = planThumbnails(options.thumbnailIntervalS);
  const poster = planPoster(durationS, renditions[0]?.height ?? size.height);

  await mkdir(options.outDir, { recursive: true });
  const listPath = path.join(options.outDir, CONCAT_LIST);
  if (join.mode === 'copy') await writeFile(listPath, concatListFile(join.paths.map(absolute)));
  try {
    const packaged = await packageStream(
      {
        join: joinStage(join, listPath, fps.rational),
        renditions,
        fps: fps.value,
        outDir: options.outDir,
        thumbnails,
        poster,
      },
      runner,
      { expectedDurationS: durationS, onProgress: options.onProgress, signal: options.signal },
    );
    return {
      durationS: packaged.durationS,
      renditions: packaged.renditions,
      hlsMaster: HLS_MASTER,
      dashManifest: DASH_MANIFEST,
      thumbnails: await listThumbnails(options.outDir, thumbnails),
      thumbnailIntervalS: thumbnails.intervalS,
      poster: poster.file,
      joinMode: join.mode,
      sources,
    };
  } finally {
    await rm(listPath, { force: true });
  }
}

/** The concat demuxer resolves relative entries against the list file's folder, not the cwd. */
function absolute(p: string): string {
  return path.resolve(p);
}
