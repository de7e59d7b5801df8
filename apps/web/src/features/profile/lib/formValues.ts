import {
  DEMO_MODE_OPTIONS,
  heightMeasure,
  heightToCm,
  unitSystemOf,
  weightMeasure,
  weightToKg,
  type UnitSystem,
  type UserUpdate,
} from '@ridealong/contracts';
import type { ClientUser } from '../../../stores/user';

/**
 * The fields the profile form edits. Weight and height are in the form's `units` (lb and in
 * for imperial, kg and cm for metric); profileUpdate turns them back into kg and cm.
 */
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
    | 'units'
    | 'enter_demo_mode_at'
    | 'members_riding_your_videos_notification'
    | 'send_weekly_fitness_summary'
    | 'send_most_ridden_tracks'
    | 'send_who_rode_your_rides'
    | 'strava_auto_save'
  >
>;

type Body = { weight: number | null; height: number | null };

/** Stored kg and cm as the form shows them in `system`. */
export function bodyInUnits(body: Body, system: UnitSystem): Body {
  return {
    weight: body.weight === null ? null : weightMeasure(body.weight, system).value,
    height: body.height === null ? null : heightMeasure(body.height, system).value,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Typed weight and height back to kg and cm; a value shown unchanged keeps its stored figure. */
export function bodyToStored(typed: Body, system: UnitSystem, stored: Body): Body {
  const shown = bodyInUnits(stored, system);
  return {
    weight:
      typed.weight === null
        ? null
        : typed.weight === shown.weight
          ? stored.weight
          : round2(weightToKg(typed.weight, system)),
    height:
      typed.height === null
        ? null
        : typed.height === shown.height
          ? stored.height
          : round2(heightToCm(typed.height, system)),
  };
}

/** Weight and height typed in one system, shown in another (the member switched units). */
export function convertBody(typed: Body, from: UnitSystem, to: UnitSystem): Body {
  if (from === to) return typed;
  return bodyInUnits(
    {
      weight: typed.weight === null ? null : weightToKg(typed.weight, from),
      height: typed.height === null ? null : heightToCm(typed.height, from),
    },
    to,
  );
}

const storedBody = (user: ClientUser): Body => ({
  weight: user.weight ?? null,
  height: user.height ?? null,
});

/** The form's values from the stored user (missing fields read as empty / off). */
export function profileFormValues(user: ClientUser): ProfileFormValues {
  const units = unitSystemOf(user.units);
  return {
    display_name: user.display_name ?? '',
    first_name: user.first_name ?? null,
    last_name: user.last_name ?? null,
    photo_url: user.photo_url ?? null,
    ...bodyInUnits(storedBody(user), units),
    gender: user.gender ?? null,
    units,
    enter_demo_mode_at: user.enter_demo_mode_at ?? null,
    members_riding_your_videos_notification: user.members_riding_your_videos_notification ?? false,
    send_weekly_fitness_summary: user.send_weekly_fitness_summary ?? false,
    send_most_ridden_tracks: user.send_most_ridden_tracks ?? false,
    send_who_rode_your_rides: user.send_who_rode_your_rides ?? false,
    strava_auto_save: user.strava_auto_save ?? false,
  };
}

/**
 * What Save sends: only the changed fields (section 7: 'JSON of changed user fields'), with
 * weight and height in kg and cm whatever the form showed them in.
 */
export function profileUpdate(next: UserUpdate, user: ClientUser): UserUpdate {
  const units = unitSystemOf(next.units);
  const typed = { weight: next.weight ?? null, height: next.height ?? null };
  const before: Record<string, unknown> = {
    ...profileFormValues(user),
    ...storedBody(user),
  };
  const after: Record<string, unknown> = {
    ...next,
    units,
    ...bodyToStored(typed, units, storedBody(user)),
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && value !== before[key]) out[key] = value;
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
