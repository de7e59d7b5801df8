import { DEFAULT_MEMBER_RIDE_MODE, DIFFICULTY_RANGE, type RideMode } from '@ridealong/contracts';

export type ModeContext = {
  /** A group ride (hosted or joined): synchronised at 1x, whatever the member chose. */
  grouped: boolean;
  /** The video has a slope timeline: without one there is no road to ride by distance. */
  hasTimeline: boolean;
};

/** Whether the page offers the 'Reactive' / 'Steady' choice: solo rides of a video with slope data. */
export function offersModeChoice({ grouped, hasTimeline }: ModeContext): boolean {
  return !grouped && hasTimeline;
}

/** The member's remembered choice, 'reactive' until they chose (issue 26). */
export function chosenMode(remembered: RideMode | null | undefined): RideMode {
  return remembered ?? DEFAULT_MEMBER_RIDE_MODE;
}

/** The mode a ride starts in: the member's choice where it is offered, else steady. */
export function rideModeFor(
  remembered: RideMode | null | undefined,
  context: ModeContext,
): RideMode {
  return offersModeChoice(context) ? chosenMode(remembered) : 'steady';
}

/** The member's trainer difficulty as add-track takes it (an integer percent, 0-200). */
export function rideDifficulty(trainerDifficulty: number | null | undefined): number {
  const d = trainerDifficulty;
  if (typeof d !== 'number' || !Number.isFinite(d)) return DIFFICULTY_RANGE.ranked;
  return Math.min(DIFFICULTY_RANGE.max, Math.max(DIFFICULTY_RANGE.min, Math.round(d)));
}

/**
 * The mode a kept ride resumes in: its own (steady for one kept before modes existed); null for
 * a reactive ride while the video's timeline is missing (it cannot go on by distance without).
 */
export function resumeMode(
  kept: { mode?: RideMode | null },
  hasTimeline: boolean,
): RideMode | null {
  if (kept.mode !== 'reactive') return 'steady';
  return hasTimeline ? 'reactive' : null;
}

/** Where a resumed ride's video starts: the next second of video, or where the rider was. */
export function resumeVideoTime(
  kept: { last_elapsed: number; distance?: number },
  mode: RideMode,
  timeAt: (distance: number) => number,
): number {
  return mode === 'reactive' ? timeAt(kept.distance ?? 0) : Math.max(0, kept.last_elapsed + 1);
}
