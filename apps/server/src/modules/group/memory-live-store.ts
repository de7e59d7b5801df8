import type { GroupMember, GroupPoint } from '@ridealong/contracts';
import { LIVE_TTL_MS, type LiveStore } from './live-store.js';
import type { LivePoint } from './ranking.js';
import { memorySocketRegistry } from './socket-registry.js';

type Bucket = {
  /** Member -> last heard; oldest first (a touch moves its member to the end). */
  seen: Map<number, number>;
  trainers: Map<number, boolean>;
  points: Map<number, LivePoint>;
  writtenAt: number;
  /** Presence before this was trimmed (the newest touch's cutoff), as Redis's ZREMRANGE. */
  trimmedTo: number;
};

/** Buckets nobody wrote to for a TTL are looked for this often (on a write, not on a timer). */
const PRUNE_EVERY_MS = 60_000;

/** A member's presence entry goes, and their trainer state with it (redis-live-store.ts). */
function forgetPresence(bucket: Bucket, userId: number): void {
  bucket.seen.delete(userId);
  bucket.trainers.delete(userId);
}

/**
 * Trims presence older than `cutoff` at a touch, as the Redis store does, with each trimmed
 * member's trainer state. `seen` is oldest first, so the loop stops at the first fresh entry
 * (a touch costs no walk over the event's riders); an entry left behind by touches out of
 * order is hidden from reads by `trimmedTo` and goes with the next prune.
 */
function trim(bucket: Bucket, cutoff: number): void {
  bucket.trimmedTo = Math.max(bucket.trimmedTo, cutoff);
  for (const [user, at] of bucket.seen) {
    if (at >= cutoff) break;
    forgetPresence(bucket, user);
  }
}

/**
 * The live store of a single process (no REDIS_URL). Same lifetimes as Redis's keys: presence
 * is trimmed at each touch once older than the presence TTL, a trainer state goes with its
 * member's presence entry, a whole event a points TTL after its last write, so nothing grows
 * without bound even when an event is never dropped.
 */
export function memoryLiveStore(now: () => number = Date.now): LiveStore {
  const events = new Map<number, Bucket>();
  const startedAt = now();
  let prunedAt = startedAt;

  const prune = (at: number) => {
    if (at - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at;
    for (const [id, bucket] of events) {
      if (at - bucket.writtenAt > LIVE_TTL_MS.points) events.delete(id);
      else
        for (const [user, seenAt] of bucket.seen)
          if (at - seenAt > LIVE_TTL_MS.presence) forgetPresence(bucket, user);
    }
  };
  const bucket = (eventId: number): Bucket => {
    const at = now();
    prune(at);
    let found = events.get(eventId);
    if (!found) {
      found = {
        seen: new Map(),
        trainers: new Map(),
        points: new Map(),
        writtenAt: at,
        trimmedTo: -Infinity,
      };
      events.set(eventId, found);
    }
    found.writtenAt = at;
    return found;
  };

  return {
    shared: false,
    sockets: memorySocketRegistry(),
    knownSince: () => startedAt,
    async touch(eventId, userId, atMs, trainer) {
      const found = bucket(eventId);
      const cutoff = atMs - LIVE_TTL_MS.presence;
      // The toucher's own stale entry goes first, with its state, wherever it sits in `seen`.
      const before = found.seen.get(userId);
      if (before !== undefined && before < cutoff) forgetPresence(found, userId);
      trim(found, cutoff);
      const last = found.seen.get(userId);
      // A late, older touch never moves a member back in time (Redis's ZADD GT).
      if (last === undefined || atMs >= last) {
        found.seen.delete(userId);
        found.seen.set(userId, atMs);
      }
      if (trainer !== undefined) found.trainers.set(userId, trainer);
    },
    async trainers(eventId, userIds) {
      const states = new Map<number, boolean>();
      const found = events.get(eventId);
      if (!found) return states;
      for (const id of userIds) {
        const state = found.trainers.get(id);
        const at = found.seen.get(id);
        if (state !== undefined && at !== undefined && at >= found.trimmedTo) states.set(id, state);
      }
      return states;
    },
    async present(eventId, sinceMs) {
      const seen = events.get(eventId)?.seen;
      return seen ? [...seen].filter(([, at]) => at >= sinceMs).map(([user]) => user) : [];
    },
    async setPoint(eventId: number, member: GroupMember, point: GroupPoint) {
      bucket(eventId).points.set(member.id, { member, point });
    },
    async points(eventId) {
      return [...(events.get(eventId)?.points.values() ?? [])];
    },
    async forget(eventId, userId) {
      events.get(eventId)?.seen.delete(userId);
      events.get(eventId)?.trainers.delete(userId);
      events.get(eventId)?.points.delete(userId);
    },
    async drop(eventId) {
      events.delete(eventId);
    },
    async close() {
      events.clear();
    },
  };
}
