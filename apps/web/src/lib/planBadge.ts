import { hasGradient, type Race } from '@ridealong/contracts';

/**
 * What a video's card and page say about it beyond its title: the plan it needs when that is
 * more than the everyday one (the server's required_plan: Pro for exclusive videos) and whether
 * it has slope data. Kept tiny: every home card runs it.
 */
export type PlanBadge = { label: string; description: string };

export function planBadgeOf(race: Pick<Race, 'required_plan'>): PlanBadge | null {
  return race.required_plan === 'pro' ? { label: 'Pro', description: 'Pro plan video' } : null;
}

export const NO_SLOPE_TEXT = 'No slope data';

/** A ready video without a slope profile (no GPS in the footage): the trainer cannot follow it. */
export const lacksSlope = (race: Pick<Race, 'status' | 'slope_source_id'>): boolean =>
  race.status === 'ready' && !hasGradient(race.slope_source_id);
