/**
 * Totals of the video listing (total_count of GET /races), remembered for a few seconds.
 *
 * Why: counting is the expensive half of a search page. PostgreSQL must visit every matching row
 * to apply the listing rules (ready, searchable, not the demo), so a broad term or the plain
 * listing costs tens of milliseconds at 100,000 videos, while the page itself (12 rows down an
 * index) costs well under one. The rows of a page are always read fresh; only large totals are
 * reused:
 * - a total under `minCached` is never kept, so narrow searches are always exact;
 * - a kept total is served for `freshMs`, then served while one background recount runs (up to
 *   `maxAgeMs` old), so no member waits for a recount of a popular query;
 * - `invalidate()` (called on every edit, delete and duration change made through this server)
 *   drops everything, so whoever changed a video sees exact totals at once.
 * Changes made elsewhere (a video becoming ready) show in large totals within `freshMs` plus one
 * recount.
 */
export type CountCacheOptions = {
  freshMs: number;
  maxAgeMs: number;
  minCached: number;
  maxEntries: number;
  now?: () => number;
};

export type ListingCounts = {
  get: (key: string, count: () => Promise<number>) => Promise<number>;
  invalidate: () => void;
};

export const LISTING_COUNT_DEFAULTS: CountCacheOptions = {
  freshMs: 10_000,
  maxAgeMs: 120_000,
  minCached: 1_000,
  maxEntries: 1_000,
};

type Entry = { value: number; at: number };

export function listingCounts(options: CountCacheOptions = LISTING_COUNT_DEFAULTS): ListingCounts {
  const { freshMs, maxAgeMs, minCached, maxEntries } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // One count at a time per key: simultaneous misses share it.
  let running = new Map<string, Promise<number>>();
  let generation = 0;

  const remember = (key: string, value: number) => {
    entries.delete(key);
    if (value < minCached) return;
    entries.set(key, { value, at: now() });
    // Least recently stored goes first.
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  const load = (key: string, count: () => Promise<number>): Promise<number> => {
    const pending = running.get(key);
    if (pending) return pending;
    const startedIn = generation;
    const table = running;
    const p = count()
      .then((value) => {
        // A count begun before an invalidation may predate the change: do not keep it.
        if (startedIn === generation) remember(key, value);
        return value;
      })
      .finally(() => {
        if (table.get(key) === p) table.delete(key);
      });
    table.set(key, p);
    return p;
  };

  return {
    async get(key, count) {
      const entry = entries.get(key);
      const age = entry ? now() - entry.at : Infinity;
      if (entry && age < freshMs) return entry.value;
      if (entry && age < maxAgeMs) {
        load(key, count).catch(() => undefined);
        return entry.value;
      }
      return load(key, count);
    },
    invalidate() {
      generation++;
      entries.clear();
      running = new Map();
    },
  };
}
