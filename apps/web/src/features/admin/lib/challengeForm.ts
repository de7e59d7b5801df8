import { z } from 'zod';
import {
  CHALLENGE,
  CHALLENGE_KEYWORDS,
  CHALLENGE_MESSAGES,
  challengeTypeOfKeyword,
  createChallengeSchema,
  parseAdminDate,
  type CreateChallenge,
} from '@ridealong/contracts';

/** The accepted type keywords, for the field's help (case-sensitive, document 001 section 5). */
export const KEYWORD_HELP = `Case-sensitive: ${Object.keys(CHALLENGE_KEYWORDS).join(', ')}`;
export const IMAGE_URL_MESSAGE = 'Please give a full image URL (https://…), or leave it empty.';
export const GOAL_MAX_MESSAGE = `The goal must be ${CHALLENGE.goalMax.toLocaleString('en-US')} or less.`;

/** The create form's values as typed; the goal is NaN while its box is empty. */
export type AdminChallengeForm = {
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  challenge_type: string;
  goal: number;
  videos: string;
  image_url: string;
  featured: boolean;
};

export const ADMIN_CHALLENGE_DEFAULTS: AdminChallengeForm = {
  title: '',
  description: '',
  start_date: '',
  end_date: '',
  challenge_type: '',
  goal: Number.NaN,
  videos: '',
  image_url: '',
  featured: false,
};

/** The keyword names a race-based challenge: its videos replace the goal. */
export const isRaceKeyword = (keyword: string) => challengeTypeOfKeyword(keyword) === 'RACE_BASED';

/** Exactly 3 different video urls, comma-separated without spaces; null otherwise. */
export function splitRaceVideos(text: string): string[] | null {
  const urls = text.split(',');
  const ok =
    urls.length === CHALLENGE.raceVideos &&
    urls.every((u) => /^\S+$/.test(u)) &&
    new Set(urls).size === urls.length;
  return ok ? urls : null;
}

/** Every rule in one pass, so the form shows all its errors at once. */
export const adminChallengeFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    challenge_type: z.string(),
    goal: z.union([z.number(), z.nan()]),
    videos: z.string(),
    image_url: z.string(),
    featured: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: keyof AdminChallengeForm, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const title = v.title.trim();
    if (!title) issue('title', 'Required');
    if (title.length > CHALLENGE.titleMax)
      issue('title', `At most ${CHALLENGE.titleMax} characters`);
    if (v.description.length > CHALLENGE.descriptionMax) {
      issue('description', `At most ${CHALLENGE.descriptionMax} characters`);
    }
    const start = parseAdminDate(v.start_date);
    const end = parseAdminDate(v.end_date);
    if (!start) issue('start_date', CHALLENGE_MESSAGES.badDate);
    if (!end) issue('end_date', CHALLENGE_MESSAGES.badDate);
    if (start && end && end < start) issue('end_date', CHALLENGE_MESSAGES.endBeforeStart);
    const type = challengeTypeOfKeyword(v.challenge_type);
    if (!type) issue('challenge_type', CHALLENGE_MESSAGES.missingType);
    if (type === 'RACE_BASED') {
      if (!splitRaceVideos(v.videos)) issue('videos', CHALLENGE_MESSAGES.raceVideos);
    } else if (type) {
      if (!Number.isFinite(v.goal) || v.goal <= 0) issue('goal', CHALLENGE_MESSAGES.missingGoal);
      else if (v.goal > CHALLENGE.goalMax) issue('goal', GOAL_MAX_MESSAGE);
    }
    if (!createChallengeSchema.shape.image_url.safeParse(v.image_url.trim()).success) {
      issue('image_url', IMAGE_URL_MESSAGE);
    }
  });

/**
 * The POST /api/v1/challenge/create body: the dates as typed (MM-DD-YYYY), the keyword, the
 * goal for every type but race, the 3 videos for race only.
 */
export function buildChallengePayload(values: AdminChallengeForm): CreateChallenge {
  const race = isRaceKeyword(values.challenge_type);
  const image = values.image_url.trim();
  return {
    title: values.title.trim(),
    description: values.description,
    start_date: values.start_date.trim(),
    end_date: values.end_date.trim(),
    challenge_type: values.challenge_type,
    ...(race ? { videos: values.videos } : { goal: values.goal }),
    ...(image ? { image_url: image } : {}),
    featured: values.featured,
  };
}
