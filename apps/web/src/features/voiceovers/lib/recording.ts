import { RECORDING_STOP_SKIP_S } from '@ridealong/contracts';
import { layerAt, layerRangeProblem, nextLayerStart, type LayerRange } from './layerRules';

/** What one take of the microphone gave: its audio and where it sits on the video's clock. */
export interface Recording {
  blob: Blob;
  /** Seconds of video where the take began. */
  startIndex: number;
  /** Seconds of audio recorded. */
  seconds: number;
  /** When it was recorded (ISO 8601). */
  timestamp: string;
}

/** A take kept in the page until Save sends it (document 001 section 3, type UNSAVED). */
export interface UnsavedLayer {
  key: string;
  type: 'UNSAVED';
  blob: Blob;
  start_index: number;
  end_index: number;
  duration: number;
  timestamp: string;
}

/**
 * A take stops this long before the next voiceover or the video's end: the server measures the
 * audio itself, and an encoder's last frame may run a little past the clock.
 */
export const RECORDING_END_MARGIN_S = 0.25;

/** Why Record is not offered at `t`, or null when it is. */
export type RecordBlock = 'overlap' | 'end';

/**
 * Recording is disabled inside an existing voiceover, saved or not (section 4), and where too
 * little room is left before the next one or the video's end.
 */
export function recordBlock(
  layers: readonly LayerRange[],
  t: number,
  videoDuration: number,
): RecordBlock | null {
  if (layerAt(layers, t) !== null) return 'overlap';
  const room = recordingRoom(layers, t, videoDuration);
  if (room <= RECORDING_END_MARGIN_S * 2) {
    const next = nextLayerStart(layers, t);
    return next !== null && next - t <= RECORDING_END_MARGIN_S * 2 ? 'overlap' : 'end';
  }
  return null;
}

/** Seconds a take begun at `t` may last: up to the next layer or the video's end. */
export function recordingRoom(
  layers: readonly LayerRange[],
  t: number,
  videoDuration: number,
): number {
  const next = nextLayerStart(layers, t) ?? Infinity;
  const end = Number.isFinite(videoDuration) && videoDuration > 0 ? videoDuration : Infinity;
  return Math.min(next, end) - t;
}

/** Preferred first: Chromium and Electron record Opus in WebM. */
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus'];

/** The first recording format the browser supports, or undefined for its own default. */
export function pickRecordingMimeType(
  isTypeSupported: (type: string) => boolean,
): string | undefined {
  return MIME_TYPES.find((t) => isTypeSupported(t));
}

/** Shown when the microphone or the recorder cannot start; the error itself is logged. */
export function microphoneProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Microphone access was denied. Allow the microphone and try again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No microphone was found. Connect one and try again.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The microphone could not be opened. It may be in use by another application.';
    default:
      return 'Recording could not start. Check the microphone and try again.';
  }
}

/**
 * The take as an UNSAVED layer, ending where its audio ends but never past the video's end;
 * null when the take is too short or lies outside the video.
 */
export function unsavedLayerFrom(
  rec: Recording,
  videoDuration: number,
  key: string,
): UnsavedLayer | null {
  const known = Number.isFinite(videoDuration) && videoDuration > 0;
  const rawEnd = rec.startIndex + rec.seconds;
  const end = known ? Math.min(rawEnd, videoDuration) : rawEnd;
  const start = round(rec.startIndex);
  const endIndex = round(end);
  if (layerRangeProblem(start, endIndex, known ? videoDuration : 0) !== null) return null;
  if (rec.blob.size === 0) return null;
  return {
    key,
    type: 'UNSAVED',
    blob: rec.blob,
    start_index: start,
    end_index: endIndex,
    duration: round(rec.seconds),
    timestamp: rec.timestamp,
  };
}

/** Where the video goes after a take: 1 s past its end (section 4), within the video. */
export function timeAfterRecording(end: number, videoDuration: number): number {
  const next = end + RECORDING_STOP_SKIP_S;
  return Number.isFinite(videoDuration) && videoDuration > 0 ? Math.min(next, videoDuration) : next;
}

/** Milliseconds precision is more than the video's clock gives; keeps the numbers readable. */
const round = (s: number) => Math.round(s * 1000) / 1000;
