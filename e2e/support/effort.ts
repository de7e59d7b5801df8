import { expect } from '@playwright/test';
import {
  playingSince,
  rateSettled,
  windowStats,
  type PlaybackSample,
  type WindowStats,
} from './reactive.js';

/** A window's rates within this ratio of each other for 1.5 s: the rider's speed has settled. */
const SETTLED_RATIO = 1.15;
const SETTLE_SPAN_MS = 1500;
/** Each effort is measured over this much wall time once settled. */
const WINDOW_MS = 3000;

/**
 * Waits (by polling the page's samples, startPlaybackSampler's) until a reactive ride's video
 * rate has settled after `since` (the rider's speed follows a change of power over several
 * seconds), then measures the next WINDOW_MS of playback.
 */
export async function measureEffort(
  samples: () => Promise<PlaybackSample[]>,
  since: number,
): Promise<WindowStats> {
  let settledAt = 0;
  await expect
    .poll(
      async () => {
        const playing = playingSince(await samples(), since);
        if (!rateSettled(playing, SETTLE_SPAN_MS, SETTLED_RATIO)) return false;
        settledAt = playing.at(-1)?.at ?? 0;
        return true;
      },
      { timeout: 15_000, intervals: [250] },
    )
    .toBe(true);
  let window: PlaybackSample[] = [];
  await expect
    .poll(
      async () => {
        window = playingSince(await samples(), settledAt);
        const last = window.at(-1);
        return last !== undefined && last.at - settledAt >= WINDOW_MS;
      },
      { timeout: WINDOW_MS + 5000, intervals: [250] },
    )
    .toBe(true);
  return windowStats(window);
}
