import type { ControlEntry } from '@ridealong/contracts';

/** The most seconds of control data one control-request answers (keeps answers small). */
export const MAX_CONTROL_WINDOW_SECONDS = 120;

/** The whole seconds [from, to] a request for [start, end] of video covers, capped. */
export function controlWindow(start: number, end: number): { from: number; to: number } {
  const from = Math.floor(start);
  const to = Math.min(Math.ceil(Math.max(start, end)), from + MAX_CONTROL_WINDOW_SECONDS);
  return { from, to };
}

/**
 * Slope profile rows -> the spec's control entries. No road-feel data exists yet, so every
 * entry is a plain road ('none', intensity 0).
 */
export function controlEntries(
  rows: ReadonlyArray<{ second: number; slope: number }>,
): ControlEntry[] {
  return rows.map((r) => ({
    elapsed_time: r.second,
    slope: r.slope,
    road_feel_type: 'none',
    road_feel_intensity: 0,
    timestamp: r.second * 1000,
  }));
}
