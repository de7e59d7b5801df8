import { MAX_LAYER_SECONDS } from '@ridealong/contracts';

/**
 * Pure rules about where a voiceover layer sits on the video's clock (document 001 section 4).
 * Shared by the owner's Voiceover tab and the playback of saved layers, so both agree on
 * what "inside a layer" means.
 */

/** The part of a layer these rules need; saved layers and the page's unsaved ones both fit. */
export interface LayerRange {
  start_index: number;
  end_index: number;
}

/**
 * The layer whose closed range [start_index, end_index] holds `t` (seconds of video), or null.
 * Closed at both ends: a playhead parked exactly on a layer's edge counts as inside it.
 */
export function layerAt<T extends LayerRange>(layers: readonly T[], t: number): T | null {
  if (!Number.isFinite(t)) return null;
  return layers.find((l) => t >= l.start_index && t <= l.end_index) ?? null;
}

/**
 * Whether [start, end] shares any stretch with an existing layer. Touching edges do not
 * overlap (a layer may start exactly where another ends); a zero-length range overlaps when
 * it lies strictly inside a layer.
 */
export function overlapsLayer(layers: readonly LayerRange[], start: number, end: number): boolean {
  const lo = Math.min(start, end);
  const hi = Math.max(start, end);
  return layers.some((l) =>
    lo === hi ? lo > l.start_index && lo < l.end_index : lo < l.end_index && hi > l.start_index,
  );
}

/**
 * The start of the first layer after `t`, or null: a recording begun at `t` must stop there
 * so it cannot run into the next voiceover.
 */
export function nextLayerStart(layers: readonly LayerRange[], t: number): number | null {
  let next: number | null = null;
  for (const l of layers) {
    if (l.start_index > t && (next === null || l.start_index < next)) next = l.start_index;
  }
  return next;
}

export type LayerRangeProblem = 'not-finite' | 'negative' | 'empty' | 'too-long' | 'past-end';

/**
 * Why a layer of [start, end] cannot be kept on a video of `videoDuration` seconds, or null
 * when it can. A duration of 0 or less means unknown, and skips the end check.
 */
export function layerRangeProblem(
  start: number,
  end: number,
  videoDuration: number,
): LayerRangeProblem | null {
  if (!Number.isFinite(start) || !Number.isFinite(end)) return 'not-finite';
  if (start < 0) return 'negative';
  if (end <= start) return 'empty';
  if (end - start > MAX_LAYER_SECONDS) return 'too-long';
  if (videoDuration > 0 && start >= videoDuration) return 'past-end';
  return null;
}

/** Layers in the order of the video's clock, earliest first (stable for equal starts). */
export function sortByStart<T extends LayerRange>(layers: readonly T[]): T[] {
  return [...layers].sort((a, b) => a.start_index - b.start_index);
}
