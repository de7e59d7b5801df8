import type { HistoryRepository, HistoryRide, HistoryVersion } from './history-repository.js';
import { better, endedSlot, mergeSorted, Standings, type StandingRow } from './standings.js';

export type HistoryCacheOptions = {
  /** Memory for standings and ride tables, per process; least recently used goes beyond. */
  budgetBytes: number;
  /** How old a video's version may be before an answer reads it again (ms). */
  versionTtlMs: number;
  /** Seconds after an asked one that are built in the background (riders move forward). */
  readAhead: number;
  /** Background builds at a time, so read-ahead never crowds out the answers' queries. */
  backgroundBuilds: number;
  /** Asks of a video (peek) before this process keeps its standings in memory. */
  warmAfter: number;
  /**
   * A kept video with at most this many rides has a missing second built while its rider
   * waits (bounded: one read of that many sums); a larger one answers from the standings.
   */
  buildWhileAskedRides: number;
  now: () => number;
};

const DEFAULTS: HistoryCacheOptions = {
  budgetBytes: 256 * 1024 * 1024,
  versionTtlMs: 1000,
  readAhead: 2,
  backgroundBuilds: 2,
  warmAfter: 20,
  buildWhileAskedRides: 20_000,
  now: () => Date.now(),
};

/** Rough bytes of one ride in a video's ride table (objects, name and map entries). */
const RIDE_BYTES = 300;

/** A ride of the table, with the order it came in (a build holds the rides before its start). */
type Ride = HistoryRide & { index: number };
type Second = { standings: Standings; bytes: number };
type Video = {
  raceId: number;
  version: HistoryVersion;
  checkedAt: number;
  rides: Map<number, Ride>;
  /** Rides by final sum, best first: who has ended by a second, with their last values. */
  ended: Ride[];
  seconds: Map<number, Second>;
  builds: Map<number, Promise<Second>>;
  refreshing: Promise<void> | null;
  dropped: boolean;
  /** The last second any ride reached: every later second has the same standings. */
  lastSecond: number;
};

/** One second of a video's history, as an answer reads it. */
export type HistoryView = {
  standings: Standings;
  /** A ride of the standings (its rider; ended before this second when `last` is below it). */
  ride: (trackId: number) => HistoryRide | undefined;
  /** A saved ride's sum at this second (one primary-key read), or null when it has none. */
  sumOf: (trackId: number) => Promise<number | null>;
};

/**
 * Per-process standings of every video second riders are at, shared by all riders of a video:
 * a second is built once (one read of its sums, O(rides)) and then answers each rider with a
 * binary search. It stays correct across processes through the video's history version in the
 * database (migration 0007): read at most every `versionTtlMs` per video, a higher save count
 * merges just the rides saved since into the cached seconds, a removal drops the video. See
 * docs/ride.md, "History leaderboard".
 */
export function historyCache(repo: HistoryRepository, options: Partial<HistoryCacheOptions> = {}) {
  const opts = { ...DEFAULTS, ...options };
  const videos = new Map<number, Video>();
  const loading = new Map<number, Promise<Video>>();
  /** Cached seconds, least recently used first. */
  const lru = new Map<string, { video: Video; second: number }>();
  let bytes = 0;
  let background = 0;
  let built = 0;
  /** Asks per video (peek), to keep only videos riders keep asking in memory. */
  const asksOf = new Map<number, number>();
  const versionReads = new Map<number, Promise<HistoryVersion>>();

  const key = (video: Video, second: number) => `${video.raceId}:${second}`;

  function addRides(video: Video, rides: readonly HistoryRide[]): Ride[] {
    const fresh: Ride[] = [];
    for (const r of rides) {
      if (video.rides.has(r.trackId)) continue;
      const ride = { ...r, index: video.rides.size };
      video.rides.set(r.trackId, ride);
      video.lastSecond = Math.max(video.lastSecond, ride.last);
      fresh.push(ride);
    }
    // A few saves go in place; a whole table is sorted once (not N moves of N).
    if (fresh.length <= 32) {
      for (const ride of fresh) video.ended.splice(endedSlot(video.ended, ride), 0, ride);
    } else {
      video.ended = video.ended.concat(fresh);
      video.ended.sort((a, b) => better(a.final, b.final));
    }
    bytes += fresh.length * RIDE_BYTES;
    return fresh;
  }

  async function load(raceId: number): Promise<Video> {
    const version = await repo.version(raceId);
    const rides = await repo.rides(raceId, null);
    const video: Video = {
      raceId,
      version,
      checkedAt: opts.now(),
      rides: new Map(),
      ended: [],
      seconds: new Map(),
      builds: new Map(),
      refreshing: null,
      dropped: false,
      lastSecond: -1,
    };
    // One statement's snapshot: a ride saved after the version read is in, and so is every
    // ride saved before it (saves take the version row's lock, so they commit in order).
    video.version.saved = rides.reduce((m, r) => Math.max(m, r.seq), version.saved);
    addRides(video, rides);
    return video;
  }

  function drop(video: Video): void {
    video.dropped = true;
    if (videos.get(video.raceId) === video) videos.delete(video.raceId);
    for (const second of video.seconds.keys()) lru.delete(key(video, second));
    for (const s of video.seconds.values()) bytes -= s.bytes;
    bytes -= video.rides.size * RIDE_BYTES;
    video.seconds.clear();
  }

  async function videoOf(raceId: number): Promise<Video> {
    const known = videos.get(raceId);
    if (known) {
      await refresh(known);
      if (!known.dropped) return known;
    }
    let pending = loading.get(raceId);
    if (!pending) {
      pending = load(raceId).finally(() => loading.delete(raceId));
      loading.set(raceId, pending);
      const video = await pending;
      videos.set(raceId, video);
      return video;
    }
    return pending;
  }

  /** Reads the version when it is older than the TTL; merges new saves, drops on a removal. */
  function refresh(video: Video): Promise<void> {
    if (opts.now() - video.checkedAt < opts.versionTtlMs) return Promise.resolve();
    video.refreshing ??= (async () => {
      const version = await repo.version(video.raceId);
      if (version.removed !== video.version.removed) return drop(video);
      if (version.saved > video.version.saved) {
        const rides = await repo.rides(video.raceId, video.version.saved);
        const targets = [...video.seconds].map(([t, second]): [number, Standings] => [
          t,
          second.standings,
        ]);
        await mergeInto(addRides(video, rides), targets);
        for (const second of video.seconds.values()) resize(second);
        version.saved = rides.reduce((m, r) => Math.max(m, r.seq), version.saved);
      }
      video.version = version;
      video.checkedAt = opts.now();
    })().finally(() => {
      video.refreshing = null;
    });
    return video.refreshing;
  }

  /** Adds rides saved after seconds were built: each takes its place in those seconds. */
  async function mergeInto(
    rides: readonly Ride[],
    targets: ReadonlyArray<[number, Standings]>,
  ): Promise<void> {
    if (rides.length === 0 || targets.length === 0) return;
    const rows = await repo.rowsOf(
      rides.map((r) => r.trackId),
      targets.map(([t]) => t),
    );
    const at = new Map(rows.map((r) => [`${r.trackId}:${r.second}`, r]));
    for (const [t, standings] of targets) {
      for (const r of rides) {
        const row = r.last < t ? r.final : at.get(`${r.trackId}:${t}`);
        if (row) standings.insert(row);
      }
    }
  }

  function resize(second: Second): void {
    const now = second.standings.bytes;
    bytes += now - second.bytes;
    second.bytes = now;
  }

  /**
   * One read of the second's sums, merged with the rides that had ended by then. Rides mid-save
   * (published, not yet saved) and rides the table does not hold yet are left out of the read;
   * rides the table gained meanwhile are added before the second is kept, so a kept second
   * always holds exactly the table's rides.
   */
  async function build(video: Video, t: number): Promise<Second> {
    let known = video.rides.size;
    const rows = await repo.rowsAt(video.raceId, t);
    const isKnown = (trackId: number) => (video.rides.get(trackId)?.index ?? known) < known;
    const active = rows.filter((r) => isKnown(r.trackId));
    const ended: StandingRow[] = video.ended
      .filter((r) => r.last < t && r.index < known)
      .map((r) => r.final);
    const standings = Standings.sorted(mergeSorted(active, ended));
    while (video.rides.size > known) {
      const later = [...video.rides.values()].filter((r) => r.index >= known);
      known = video.rides.size;
      await mergeInto(later, [[t, standings]]);
    }
    built += 1;
    const second = { standings, bytes: 0 };
    keep(video, t, second);
    return second;
  }

  function keep(video: Video, t: number, second: Second): void {
    if (video.dropped) return;
    video.seconds.set(t, second);
    lru.set(key(video, t), { video, second: t });
    resize(second);
    for (const [k, entry] of lru) {
      if (bytes <= opts.budgetBytes || lru.size <= 1) break;
      lru.delete(k);
      const gone = entry.video.seconds.get(entry.second);
      entry.video.seconds.delete(entry.second);
      if (gone) bytes -= gone.bytes;
      if (entry.video.seconds.size === 0 && entry.video.builds.size === 0) drop(entry.video);
    }
  }

  function secondOf(video: Video, t: number): Promise<Second> {
    const cached = video.seconds.get(t);
    if (cached) {
      const k = key(video, t);
      lru.delete(k);
      lru.set(k, { video, second: t });
      return Promise.resolve(cached);
    }
    let pending = video.builds.get(t);
    if (!pending) {
      pending = build(video, t).finally(() => video.builds.delete(t));
      video.builds.set(t, pending);
    }
    return pending;
  }

  /** Builds the next seconds in the background, a few at a time; failures wait for a rider. */
  function readAhead(video: Video, t: number): void {
    for (let k = 1; k <= opts.readAhead && background < opts.backgroundBuilds; k++) {
      if (t + k > video.lastSecond + 1) return;
      if (video.seconds.has(t + k) || video.builds.has(t + k)) continue;
      background += 1;
      void secondOf(video, t + k)
        .catch(() => undefined)
        .finally(() => {
          background -= 1;
        });
    }
  }

  function viewOf(video: Video, t: number, second: Second): HistoryView {
    const ride = (trackId: number) => video.rides.get(trackId);
    return {
      standings: second.standings,
      ride,
      sumOf: async (trackId) => {
        const known = ride(trackId);
        if (known && known.last < t) return known.finalSum;
        const [row] = await repo.rowsOf([trackId], [t]);
        return row?.sum ?? null;
      },
    };
  }

  /** The video's version now; askers at the same moment share one read. */
  function currentVersion(raceId: number): Promise<HistoryVersion> {
    let pending = versionReads.get(raceId);
    if (!pending) {
      pending = repo.version(raceId).finally(() => versionReads.delete(raceId));
      versionReads.set(raceId, pending);
    }
    return pending;
  }

  /** Loads the video and builds the second in the background, within `backgroundBuilds`. */
  function warm(raceId: number, asked: number): void {
    if (background >= opts.backgroundBuilds) return;
    background += 1;
    void videoOf(raceId)
      .then((video) => secondOf(video, Math.min(asked, video.lastSecond + 1)))
      .catch(() => undefined)
      .finally(() => {
        background -= 1;
      });
  }

  return {
    async at(raceId: number, asked: number): Promise<HistoryView> {
      const video = await videoOf(raceId);
      // Past every ride's end, all have ended: one second stands for all later ones.
      const t = Math.min(asked, video.lastSecond + 1);
      const second = await secondOf(video, t);
      readAhead(video, t);
      return viewOf(video, t, second);
    },

    /**
     * The second's view when this process holds it built and the video's version in the
     * database is still the one it holds (one primary-key read, shared by the askers of a video
     * at the same moment), else null: then a newer version is merged in the background, and
     * once a video has been asked `warmAfter` times, the video and the second are built in the
     * background. So riders who keep asking a video are answered from memory and always as
     * fresh as the database, while a first rider never waits for an O(rides) build.
     */
    async peek(raceId: number, asked: number): Promise<HistoryView | null> {
      // Bounded: forgotten past 10,000 videos.
      if (asksOf.size > 10_000) asksOf.clear();
      const asks = (asksOf.get(raceId) ?? 0) + 1;
      asksOf.set(raceId, asks);
      const video = videos.get(raceId);
      if (!video || video.dropped) {
        if (asks >= opts.warmAfter) warm(raceId, asked);
        return null;
      }
      const now = await currentVersion(raceId);
      // As refresh() judges: a save counts once the count passes what the table holds.
      if (now.saved > video.version.saved || now.removed !== video.version.removed) {
        // Merged (or dropped) in the background; this answer reads the database.
        video.checkedAt = -Infinity;
        void refresh(video).catch(() => undefined);
        return null;
      }
      video.checkedAt = opts.now();
      const t = Math.min(asked, video.lastSecond + 1);
      if (!video.seconds.has(t) && video.rides.size > opts.buildWhileAskedRides) {
        // Too many rides to build while a rider waits: the rider's next second is built
        // instead (this one would be late), and this answer reads the standings.
        warm(raceId, t + 1);
        return null;
      }
      // Built, or small enough to build now (one read of at most buildWhileAskedRides sums,
      // shared by every rider asking that second).
      const second = await secondOf(video, t);
      readAhead(video, t);
      return viewOf(video, t, second);
    },

    /** For benches and logs: what the cache holds. */
    stats: () => ({ videos: videos.size, seconds: lru.size, bytes, built }),
  };
}

export type HistoryCache = ReturnType<typeof historyCache>;
