import type { Challenge } from '@ridealong/contracts';

/** How /challenges lays out the active list (document 001 section 4). */
export type ActiveLayout = {
  /** The challenge marked featured, else the first active one; null when none is active. */
  featured: Challenge | null;
  /** The other active challenges, in the server's order; empty unless more than one is active. */
  others: Challenge[];
  /** Exactly one challenge is active: only it is shown. */
  onlyOne: boolean;
};

/** Picks the featured challenge and the rest of the active list. */
export function arrangeActive(active: readonly Challenge[]): ActiveLayout {
  const featured = active.find((c) => c.featured) ?? active[0] ?? null;
  if (featured === null) return { featured: null, others: [], onlyOne: false };
  if (active.length === 1) return { featured, others: [], onlyOne: true };
  return { featured, others: active.filter((c) => c.id !== featured.id), onlyOne: false };
}

/** Section 9: at widths of 992 px or more, a description shows its first 350 characters. */
export const DESCRIPTION_MAX = 350;

/** The description as a card shows it: cut at a word near the limit when `wide`. */
export function shownDescription(text: string, wide: boolean, max: number = DESCRIPTION_MAX) {
  const trimmed = text.trim();
  if (!wide || trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
