import { withinDates, type ServeableAd } from './rules.js';

/**
 * A slot's weighted pick in O(log ads): the ads within their dates with their running weight
 * totals, kept until the next start or end among the slot's ads and rebuilt then (or when the
 * clock goes back), so a serve never walks every ad of a slot and an ad past its end is never
 * picked.
 */
export function slotPicker(ads: readonly ServeableAd[]) {
  let live: ServeableAd[] = [];
  let totals: number[] = [];
  let builtAt = Number.POSITIVE_INFINITY;
  let validUntil = Number.NEGATIVE_INFINITY;

  function build(now: Date): void {
    const t = now.getTime();
    live = ads.filter((ad) => ad.weight > 0 && withinDates(ad, now));
    let sum = 0;
    totals = live.map((ad) => (sum += ad.weight));
    // The next moment the set can change: an ad starting or ending after now.
    validUntil = Number.POSITIVE_INFINITY;
    for (const ad of ads) {
      for (const edge of [ad.startsAt.getTime(), ad.endsAt?.getTime() ?? Infinity]) {
        if (edge > t && edge < validUntil) validUntil = edge;
      }
    }
    builtAt = t;
  }

  return {
    /** One ad of the slot live at `now`, each by its weight; `random` answers [0, 1). */
    pick(now: Date, random: () => number = Math.random): ServeableAd | null {
      const t = now.getTime();
      if (t >= validUntil || t < builtAt) build(now);
      const total = totals.at(-1) ?? 0;
      if (total <= 0) return null;
      const point = random() * total;
      // The first running total above the point.
      let [lo, hi] = [0, totals.length - 1];
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (totals[mid]! > point) hi = mid;
        else lo = mid + 1;
      }
      return live[lo] ?? null;
    },
  };
}

export type SlotPicker = ReturnType<typeof slotPicker>;
