import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  MAX_EPOCH_MS,
  MAX_LAYER_BYTES,
  MAX_LAYER_SECONDS,
  overlayUploadFieldsSchema,
} from '@ridealong/contracts';
import { VOICEOVER_AUDIO } from '@ridealong/media';

/** The rules of a voiceover (document 001 sections 3, 4 and 9; issue 25), pure. */

export const VOICEOVER_MESSAGES = {
  videoNotFound: 'Video not found.',
  layerNotFound: 'Voiceover not found.',
  notOwner: 'Only the video’s owner can change its voiceovers.',
  notYourList: 'You can only list the voiceovers of your own videos.',
  notReady: 'Video is being processed.',
  missing: 'Please choose a recording.',
  notAudio: 'This file is not an audio recording.',
  tooLarge: `The recording must be ${MAX_LAYER_BYTES / (1024 * 1024)} MB or smaller.`,
  tooLong: `The recording must be at most ${MAX_LAYER_SECONDS / 60} minutes long.`,
  startsAfterEnd: 'The recording starts after the end of the video.',
  endsAfterEnd: 'The recording runs past the end of the video.',
  /** Document 001 section 8, word for word. */
  overlaps: 'Overlaps existing voiceover, Skip to different section',
  badTimestamp: 'body.timestamp: must be a date and time (ISO 8601)',
  busy: 'Too many recordings are being checked. Please try again in a minute.',
} as const;

/** A recording may end this far past the video's end (players measure durations differently). */
export const END_TOLERANCE_S = 0.5;

/** Uploads a member may start in an hour: each one runs ffprobe and ffmpeg on the server. */
export const UPLOADS_PER_HOUR = 60;

/** The stored files of a layer, in its folder (`audio_key`). */
export const LAYER_FILES = { upload: 'recording', audio: VOICEOVER_AUDIO.fileName } as const;

/** Every voiceover of a video lives under this folder, so removing the video removes them. */
export const videoFolder = (raceId: number) => `voiceovers/${raceId}`;

/** A new layer's folder: random, since the row's id is not known before it is stored. */
export const newLayerFolder = (raceId: number) =>
  `${videoFolder(raceId)}/${randomBytes(8).toString('hex')}`;

export type Span = { start: number; end: number };

/** Two layers overlap when each starts before the other ends (touching ends do not). */
export const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/**
 * Where a new recording may go: within MAX_LAYER_SECONDS, starting inside the video and
 * ending by its end (plus END_TOLERANCE_S). The message of the first rule broken, or null.
 */
export function placementRefusal(
  startS: number,
  durationS: number,
  videoDurationS: number,
): string | null {
  if (durationS > MAX_LAYER_SECONDS) return VOICEOVER_MESSAGES.tooLong;
  if (startS >= videoDurationS) return VOICEOVER_MESSAGES.startsAfterEnd;
  if (startS + durationS > videoDurationS + END_TOLERANCE_S) return VOICEOVER_MESSAGES.endsAfterEnd;
  return null;
}

export type UploadFields = { startS: number; recordedAt: Date | null };

/**
 * The form's fields (strings, as multipart sends them) by the contract, then the timestamp as
 * a real moment. The message names the first bad field.
 */
export function parseUploadFields(
  fields: Record<string, string>,
): { ok: true; value: UploadFields } | { ok: false; message: string } {
  // An empty start_index would coerce to 0: a layer at the start the member did not ask for.
  const parsed = overlayUploadFieldsSchema.safeParse({
    ...fields,
    start_index: fields.start_index?.trim() || undefined,
  });
  if (!parsed.success) return { ok: false, message: firstIssue(parsed.error) };
  const { start_index: startS, timestamp } = parsed.data;
  if (timestamp === undefined || timestamp.trim() === '') {
    return { ok: true, value: { startS, recordedAt: null } };
  }
  const ms = Date.parse(timestamp);
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_EPOCH_MS) {
    return { ok: false, message: VOICEOVER_MESSAGES.badTimestamp };
  }
  return { ok: true, value: { startS, recordedAt: new Date(ms) } };
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `body.${issue.path.join('.')}: ${issue.message}` : 'body: is invalid';
}
