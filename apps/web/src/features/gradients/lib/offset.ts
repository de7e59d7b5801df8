import { gpxFieldsSchema } from '@ridealong/contracts';

/**
 * The GPX offset (document 001 section 5): free text in seconds, default 0, aligning the GPS
 * track with the video. Parsed by the contract's own schema, so the page refuses exactly what
 * the server would.
 */

/** The server's bound (gpxFieldsSchema): at most a day either way. */
export const MAX_OFFSET_S = 86_400;
/** The nudge buttons beside the field, in seconds. */
export const OFFSET_NUDGES = [-10, -1, 1, 10] as const;

export const OFFSET_HELP =
  'Seconds between the GPS track and the video: positive when the GPS started recording before ' +
  'the camera, negative when it started after. Leave 0 when both started together.';
export const OFFSET_ERROR = 'Enter the offset as a number of seconds, at most a day either way.';

export type OffsetParse = { ok: true; seconds: number } | { ok: false; message: string };

/** The field's text as seconds ('' and blanks are 0), or why it is not an offset. */
export function parseOffset(text: string): OffsetParse {
  const parsed = gpxFieldsSchema.safeParse({ offset: text });
  return parsed.success
    ? { ok: true, seconds: parsed.data.offset }
    : { ok: false, message: OFFSET_ERROR };
}

/** Seconds as the field shows them: no float dust (0.1 + 0.2), no '-0'. */
export function formatOffset(seconds: number): string {
  const rounded = Math.round(seconds * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

/**
 * The field's text after a nudge of `delta` seconds, kept within the server's bound. Text that
 * is not an offset counts as 0, so a nudge always leaves a valid value.
 */
export function nudgeOffset(text: string, delta: number): string {
  const parsed = parseOffset(text);
  const from = parsed.ok ? parsed.seconds : 0;
  return formatOffset(Math.min(MAX_OFFSET_S, Math.max(-MAX_OFFSET_S, from + delta)));
}
