import { RIDE, type ControlEntry } from '@ridealong/contracts';

/**
 * The trainer takes about a second to change resistance after a command, so it is sent the
 * slope this far ahead of the picture: the resistance then changes when the road does.
 */
export const TRAINER_RESPONSE_LEAD_SECONDS = 1;

/** Slope source ids 1 (camera GPS) and 2 (GPX) mean the video has gradient data. */
export function hasSlopeData(slopeSourceId: number): boolean {
  return slopeSourceId === 1 || slopeSourceId === 2;
}

export type ControlWindow = { startOfNeeded: number; endOfNeeded: number };

/** The window (seconds of video) with this index: [index * 10, index * 10 + 10). */
export function controlWindow(index: number): ControlWindow {
  const size = RIDE.controlWindowSeconds;
  return { startOfNeeded: index * size, endOfNeeded: (index + 1) * size };
}

/**
 * The windows to ask for now: every window not yet asked whose start is within the lead
 * (5 s) of the video time, up to the video's end. At 0 s that is the first window; at 5 s the
 * second, and so on; after a seek, the current window and the next one when near.
 */
export function windowsToRequest(
  videoTime: number,
  asked: ReadonlySet<number>,
  durationSeconds: number | null,
): number[] {
  const size = RIDE.controlWindowSeconds;
  const t = Math.max(0, videoTime);
  const current = Math.floor(t / size);
  const ahead = Math.floor((t + RIDE.controlLeadSeconds) / size);
  const last =
    durationSeconds !== null && durationSeconds > 0
      ? Math.max(0, Math.ceil(durationSeconds / size) - 1)
      : Number.POSITIVE_INFINITY;
  const due: number[] = [];
  for (let i = current; i <= Math.min(ahead, last); i += 1) if (!asked.has(i)) due.push(i);
  return due;
}

/** The control entries received so far, kept sorted by their second of video. */
export function mergeControls(
  known: readonly ControlEntry[],
  incoming: readonly ControlEntry[],
): ControlEntry[] {
  const bySecond = new Map<number, ControlEntry>();
  for (const entry of [...known, ...incoming]) bySecond.set(entry.elapsed_time, entry);
  return [...bySecond.values()].sort((a, b) => a.elapsed_time - b.elapsed_time);
}

/** The entry in force at a video time: the last one at or before it; null before the first. */
export function controlAt(
  controls: readonly ControlEntry[],
  videoTime: number,
): ControlEntry | null {
  let lo = 0;
  let hi = controls.length - 1;
  let found: ControlEntry | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const entry = controls[mid]!;
    if (entry.elapsed_time <= videoTime) {
      found = entry;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export type TrainerControl = { slope: number; road_feel_type: string; road_feel_intensity: number };

/**
 * What to send the trainer at a video time: the entry at the time plus the trainer's response
 * lead; null when there is none yet, or it equals what was last sent (no repeated commands).
 */
export function controlToSend(
  controls: readonly ControlEntry[],
  videoTime: number,
  lastSent: TrainerControl | null,
): TrainerControl | null {
  const entry = controlAt(controls, videoTime + TRAINER_RESPONSE_LEAD_SECONDS);
  if (!entry) return null;
  const next: TrainerControl = {
    slope: Math.max(-100, Math.min(100, entry.slope)),
    road_feel_type: entry.road_feel_type,
    road_feel_intensity: Math.max(0, Math.min(100, entry.road_feel_intensity)),
  };
  if (
    lastSent &&
    lastSent.slope === next.slope &&
    lastSent.road_feel_type === next.road_feel_type &&
    lastSent.road_feel_intensity === next.road_feel_intensity
  ) {
    return null;
  }
  return next;
}
