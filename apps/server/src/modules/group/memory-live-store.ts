import type { GroupMember, GroupPoint } from '@ridealong/contracts';
import { LIVE_TTL_MS, type LiveStore } from './live-store.js';
import type { LivePoint } from './ranking.js';
import { memorySocketRegistry } from './socket-registry.js';

type Bucket = {
  seen: Map<number, number>;
  trainers: Map<number, boolean>;
  points: Map<number, LivePoint>;
  writtenAt: number;
};

/** Buckets nobody wrote to for a TTL are looked for this often (on a write, not on a timer). */
const PRUNE_EVERY_MS = 60_000;

/**
 * The live store of a single process (no REDIS_URL). Same lifetimes as Redis's keys: presence
 * is forgotten a presence TTL after it was last refreshed, a whole event a points TTL after
 * its last write, so nothing grows without bound even when an event is never dropped.
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
          if (at - seenAt > LIVE_TTL_MS.presence) {
            bucket.seen.delete(user);
            bucket.trainers.delete(user);
          }
    }
  };
  const bucket = (eventId: number): Bucket => {
    const at = now();
    prune(at);
    let found = events.get(eventId);
    if (!found) {
      found = { seen: new Map(), trainers: new Map(), points: new Map(), writtenAt: at };
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
      const { seen, trainers } = bucket(eventId);
      seen.set(userId, Math.max(atMs, seen.get(userId) ?? atMs));
      if (trainer !== undefined) trainers.set(userId, trainer);
    },
    async trainers(eventId) {
      return new Map(events.get(eventId)?.trainers);
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
