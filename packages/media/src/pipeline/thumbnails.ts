import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type PosterSpec,
  posterTime,
  THUMBNAIL_PATTERN,
  thumbnailName,
  type ThumbnailSpec,
} from '../ffmpeg/args-thumbnails.js';

export const DEFAULT_THUMBNAIL_INTERVAL_S = 10;
export const THUMBNAIL_HEIGHT = 180;
export const POSTER_FILE = 'poster.jpg';
const POSTER_MAX_HEIGHT = 720;

export function planThumbnails(intervalS = DEFAULT_THUMBNAIL_INTERVAL_S): ThumbnailSpec {
  if (!(intervalS > 0)) throw new RangeError('thumbnail interval must be positive');
  return { intervalS, height: THUMBNAIL_HEIGHT, pattern: THUMBNAIL_PATTERN };
}

/** Poster at the top rendition's height, capped: it is a still shown before playback starts. */
export function planPoster(durationS: number, topHeight: number): PosterSpec {
  return {
    atS: posterTime(durationS),
    height: Math.min(topHeight, POSTER_MAX_HEIGHT),
    file: POSTER_FILE,
  };
}

/**
 * The thumbnails ffmpeg wrote, in order, relative to the output folder. Listed rather than
 * predicted: the fps filter decides at the last frame whether one more thumbnail fits.
 */
export async function listThumbnails(outDir: string, spec: ThumbnailSpec): Promise<string[]> {
  const dir = path.dirname(spec.pattern);
  const names = new Set(await readdir(path.join(outDir, dir)));
  const found: string[] = [];
  for (let i = 1; ; i++) {
    const name = thumbnailName(i, spec.pattern);
    if (!names.has(path.basename(name))) return found;
    found.push(name);
  }
}
