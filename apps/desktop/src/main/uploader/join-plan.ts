/**
 * The uploader's join plan (pure): which part of each picked file goes into the video, in the
 * order the member put them. Each file has its own optional start and end offset (seconds cut
 * from its start and its end).
 */

/** A picked file as probed, with the member's offsets. */
export interface PlannedFile {
  durationS: number;
  startOffsetS: number | null;
  endOffsetS: number | null;
  /**
   * Start times (s) of the file's GoPro GPMF telemetry packets (about one a second), or null
   * when it has none.
   */
  telemetryPacketsS: readonly number[] | null;
}

export interface JoinSegment {
  /** The file's place in the member's order. */
  index: number;
  startS: number;
  durationS: number;
}

export interface LocalJoinPlan {
  segments: JoinSegment[];
  durationS: number;
  /** True when every file's telemetry is kept (the server then finds the slope in the video). */
  telemetry: boolean;
}

/** Shortest part of a file worth keeping; less is a mistake in the offsets. */
export const MIN_SEGMENT_S = 1;
/** A start offset moves to the next telemetry packet at most this far (GoPro: 1.001 s apart). */
export const MAX_SNAP_S = 1.5;
/** One video is at most a day long. */
export const MAX_TOTAL_S = 86_400;

/** The member's offsets leave nothing, or too much, to upload: the message says which file. */
export class JoinPlanError extends Error {
  override readonly name = 'JoinPlanError';
}

/**
 * Cuts each file by its offsets and joins the parts in order. With telemetry in every file, a
 * start offset moves forward to the file's next telemetry packet (under MAX_SNAP_S): packets
 * cannot be split, so the video and the GPS then start at the same instant and the slope
 * stays aligned with the picture. A file without telemetry drops it for the whole video (a
 * slope with holes would be wrong in the holes).
 */
export function planLocalJoin(files: readonly PlannedFile[]): LocalJoinPlan {
  if (files.length === 0) throw new JoinPlanError('Choose at least one video file.');
  const telemetry = files.every((f) => (f.telemetryPacketsS?.length ?? 0) > 0);
  const bounds = files.map((f, index) => {
    const name = `File ${index + 1}`;
    if (!(f.durationS > 0)) throw new JoinPlanError(`${name} has no video the app can read.`);
    const start = f.startOffsetS ?? 0;
    const end = f.durationS - (f.endOffsetS ?? 0);
    if (end - start < MIN_SEGMENT_S) {
      throw new JoinPlanError(
        `${name}: the start and end offsets leave less than ${MIN_SEGMENT_S} second of its ${f.durationS.toFixed(1)} seconds.`,
      );
    }
    return { index, start, end };
  });
  const snapped = telemetry
    ? bounds.map((b, i) => ({ ...b, start: snapStart(b.start, files[i]?.telemetryPacketsS ?? []) }))
    : bounds;
  const keepsTelemetry =
    telemetry && snapped.every((b) => b.start !== null && b.end - b.start >= MIN_SEGMENT_S);
  const final = keepsTelemetry ? snapped : bounds;
  const segments = final.map((b) => ({
    index: b.index,
    startS: round(b.start ?? 0),
    durationS: round(b.end - (b.start ?? 0)),
  }));
  const durationS = round(segments.reduce((a, s) => a + s.durationS, 0));
  if (durationS > MAX_TOTAL_S) throw new JoinPlanError('The video would be longer than 24 hours.');
  return { segments, durationS, telemetry: keepsTelemetry };
}

/** The first packet at or after `startS` (within MAX_SNAP_S); 0 stays 0; null when none. */
export function snapStart(startS: number, packetsS: readonly number[]): number | null {
  if (startS <= 0) return 0;
  const next = packetsS.find((p) => p >= startS - 0.0005);
  return next !== undefined && next - startS <= MAX_SNAP_S ? next : null;
}

const round = (s: number) => Math.round(s * 1000) / 1000;
