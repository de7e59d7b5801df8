import { z } from 'zod';
import './messages.js';

/** Every error answer of the API: a 4xx status with this body. */
export const failureSchema = z.object({
  status: z.literal('failure'),
  message: z.string(),
});
export type Failure = z.infer<typeof failureSchema>;

export const okSchema = z.object({ status: z.literal('success'), message: z.string().optional() });
export type Ok = z.infer<typeof okSchema>;

// ---- bounded primitives: what reaches the database must fit its columns ---------------------

/** The largest value of PostgreSQL's `integer` (int4): ids, counters, seconds. */
export const PG_INT_MAX = 2_147_483_647;
/** The longest video (and so ride) there is: every second of video is within this. */
export const MAX_VIDEO_SECONDS = 24 * 3600;
/** 9999-12-31T23:59:59.999Z: times after it do not fit dates as people (and PostgreSQL) use them. */
export const MAX_EPOCH_MS = 253_402_300_799_999;
/** OFFSET/LIMIT of a listing: far beyond any real page, far below int4. */
export const MAX_LIST_OFFSET = 1_000_000;

/** A whole number that fits an int4 column, within [min, max]. */
export const pgInt = (min = 0, max = PG_INT_MAX) => z.number().int().min(min).max(max);

/** The same from a path or query string (text is coerced to a number). */
export const pgIntParam = (min = 0, max = PG_INT_MAX) => z.coerce.number().int().min(min).max(max);

/** Numeric database id given in a path, query or body (strings are accepted and coerced). */
export const idSchema = z.coerce
  .number()
  .int('must be a whole number')
  .positive('must be positive')
  .max(PG_INT_MAX, `must be at most ${PG_INT_MAX}`);

export const idParamsSchema = z.object({ id: idSchema });

/**
 * An id in a JSON body: a number, or its digits as text (v1 clients sent text ids). Arrays,
 * booleans and objects are refused, not coerced (`[5]` and `true` are not ids).
 */
export const bodyIdSchema = z
  .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number')])
  .transform(Number)
  .pipe(pgInt(1));

/** A moment as milliseconds since the epoch, from 1970 to the end of year 9999. */
export const epochMs = z
  .number()
  .int()
  .min(0, 'must be a time after 1970')
  .max(MAX_EPOCH_MS, 'must be a time before the year 10000');

/** A position in a video, in seconds (fractions allowed). */
export const videoSeconds = z.number().min(0).max(MAX_VIDEO_SECONDS);

/** A whole second of video (points and leaderboards are per second). */
export const videoSecond = pgInt(0, MAX_VIDEO_SECONDS);

// ---- email addresses ---------------------------------------------------------------------

/**
 * An address as mail systems take it: an unquoted local part (RFC 5322 atext, dots between
 * words, ASCII only: no spaces, quotes, angle brackets, commas, semicolons or control
 * characters) and a domain of DNS labels with a letter TLD. Internationalised domains go in
 * their xn-- form.
 */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
export const EMAIL_ADDRESS = new RegExp(
  `^(?=[^@]{1,64}@)${ATEXT}(?:\\.${ATEXT})*@(?:${LABEL}\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$`,
);

/** An address field: trimmed, at most 254 characters (RFC 5321), of the given shape. */
const emailOfShape = (shape: RegExp) =>
  z.string().trim().min(1, 'Required').max(254).regex(shape, 'Invalid Email');

/** The email a new account is made with (sign-up): a real address. */
export const emailSchema = emailOfShape(EMAIL_ADDRESS);

/** Document 000 section 5's shape: an @ and a dot, no spaces (what older accounts were made with). */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An email used only to look an account up (sign-in, recovery, checkout): accounts made before
 * addresses were checked strictly must still be able to sign in, so only the spec's shape is
 * asked for here (NUL bytes are refused for every field by the server's text check).
 */
export const emailLookupSchema = emailOfShape(EMAIL_SHAPE);
