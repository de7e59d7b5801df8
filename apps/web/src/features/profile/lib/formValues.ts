import { DEMO_MODE_OPTIONS, type UserUpdate } from '@ridealong/contracts';
import type { ClientUser } from '../../../stores/user';

/** The fields the profile form edits. */
export type ProfileFormValues = Required<
  Pick<
    UserUpdate,
    | 'display_name'
    | 'first_name'
    | 'last_name'
    | 'photo_url'
    | 'weight'
    | 'height'
    | 'gender'
    | 'enter_demo_mode_at'
    | 'members_riding_your_videos_notification'
    | 'send_weekly_fitness_summary'
    | 'send_most_ridden_tracks'
    | 'send_who_rode_your_rides'
    | 'strava_auto_save'
  >
>;

/** The form's values from the stored user (missing fields read as empty / off). */
export function profileFormValues(user: ClientUser): ProfileFormValues {
  return {
    display_name: user.display_name ?? '',
    first_name: user.first_name ?? null,
    last_name: user.last_name ?? null,
    photo_url: user.photo_url ?? null,
    weight: user.weight ?? null,
    height: user.height ?? null,
    gender: user.gender ?? null,
    enter_demo_mode_at: user.enter_demo_mode_at ?? null,
    members_riding_your_videos_notification: user.members_riding_your_videos_notification ?? false,
    send_weekly_fitness_summary: user.send_weekly_fitness_summary ?? false,
    send_most_ridden_tracks: user.send_most_ridden_tracks ?? false,
    send_who_rode_your_rides: user.send_who_rode_your_rides ?? false,
    strava_auto_save: user.strava_auto_save ?? false,
  };
}

/** Only the changed fields are sent (section 7: 'JSON of changed user fields'). */
export function changedFields(next: UserUpdate, before: ProfileFormValues): UserUpdate {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value !== undefined && value !== before[key as keyof ProfileFormValues]) out[key] = value;
  }
  return out as UserUpdate;
}

/** An empty text box means "no value" (the API stores null, and '' is not a valid URL). */
export const emptyToNull = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/**
 * The demo-mode idle choices (section 5): Turned Off, 30 seconds ... 60 minutes. '10 seconds
 * can also be displayed': it is listed only when it is the member's saved value.
 */
export function demoModeOptions(current: number | null): Array<{ value: string; label: string }> {
  return DEMO_MODE_OPTIONS.filter((o) => o.seconds !== 10 || current === 10).map((o) => ({
    value: o.seconds === null ? 'off' : String(o.seconds),
    label: o.label,
  }));
}

/** The select's value back to enter_demo_mode_at seconds (null: turned off). */
export const demoModeSeconds = (value: string | null): number | null =>
  value === null || value === 'off' ? null : Number(value);
