import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ProcessVideoResult } from '@ridealong/media';
import { OutputCheckError } from './failure.js';

/**
 * Checks a packaged stream before the sources may be deleted: both manifests, a finished HLS
 * playlist per stream with at least one segment on disk, the poster, and a positive duration.
 */
export async function verifyOutput(outDir: string, result: ProcessVideoResult): Promise<void> {
  if (!(result.durationS > 0)) throw new OutputCheckError('duration is not positive');
  if (result.renditions.length === 0) throw new OutputCheckError('no renditions');
  for (const file of [result.hlsMaster, result.dashManifest, result.poster]) {
    await nonEmpty(outDir, file);
  }
  const master = await readFile(path.join(outDir, result.hlsMaster), 'utf8');
  const playlists = [...master.matchAll(/(?:^|")(media_\d+\.m3u8)/gm)].map((m) => m[1]!);
  if (playlists.length < result.renditions.length) {
    throw new OutputCheckError(`master lists ${playlists.length} playlists`);
  }
  for (const name of new Set(playlists)) {
    const text = await readFile(path.join(outDir, name), 'utf8');
    if (!text.includes('#EXT-X-ENDLIST')) throw new OutputCheckError(`${name} is not finished`);
    const segments = text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    if (segments.length === 0) throw new OutputCheckError(`${name} has no segments`);
    for (const s of [segments[0]!, segments.at(-1)!]) await nonEmpty(outDir, s.trim());
  }
}

async function nonEmpty(dir: string, file: string): Promise<void> {
  try {
    const s = await stat(path.join(dir, file));
    if (s.isFile() && s.size > 0) return;
  } catch {
    // reported below
  }
  throw new OutputCheckError(`${file} is missing or empty`);
}
