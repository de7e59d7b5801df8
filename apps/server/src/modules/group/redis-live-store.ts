import { z } from 'zod';
import { groupMemberSchema, groupPointSchema } from '@ridealong/contracts';
import type { Redis } from 'ioredis';
import { closeRedis, connectRedis, type RedisLinkLog } from '../../realtime/redis-link.js';
import { LIVE_TTL_MS, type LiveStore } from './live-store.js';
import type { LivePoint } from './ranking.js';
import { redisSocketRegistry } from './redis-socket-registry.js';

const livePointSchema = z.object({ member: groupMemberSchema, point: groupPointSchema });

/** Runs a MULTI; ioredis reports each command's error in the result instead of rejecting. */
async function exec(multi: ReturnType<Redis['multi']>): Promise<void> {
  const results = await multi.exec();
  const failed = results?.find(([err]) => err)?.[0];
  if (failed) throw failed;
}

/**
 * The live store on Redis (REDIS_URL), shared by every process: per event a sorted set of
 * member id -> last heard (ms) and a hash of member id -> latest point (JSON). Each write sets
 * its key's TTL (LIVE_TTL_MS) and presence older than the TTL is trimmed at each touch, so a
 * forgotten event or member costs nothing after a while. A read is one ZRANGEBYSCORE or one
 * HGETALL. Keys carry the event id in braces: one event's keys stay on one Redis Cluster slot.
 */
export async function redisLiveStore(
  url: string,
  log: RedisLinkLog,
  prefix: string,
): Promise<LiveStore> {
  const redis = await connectRedis(url, 'group live store', log);
  let readyAt = Date.now();
  redis.on('ready', () => (readyAt = Date.now()));
  const seenKey = (eventId: number) => `${prefix}{${eventId}}:seen`;
  const pointsKey = (eventId: number) => `${prefix}{${eventId}}:points`;
  const trainersKey = (eventId: number) => `${prefix}{${eventId}}:trainers`;

  return {
    shared: true,
    sockets: redisSocketRegistry(redis, prefix),
    knownSince: () => readyAt,
    async touch(eventId, userId, atMs, trainer) {
      const key = seenKey(eventId);
      const multi = redis
        .multi()
        // GT: a late, older touch (another process) never moves a member back in time.
        .zadd(key, 'GT', atMs, String(userId))
        .zremrangebyscore(key, '-inf', `(${atMs - LIVE_TTL_MS.presence}`)
        .pexpire(key, LIVE_TTL_MS.presence);
      // In the same round trip: a reported state costs no extra wait. Its hash lives as long
      // as presence does; every report refreshes it.
      if (trainer !== undefined) {
        const tk = trainersKey(eventId);
        multi.hset(tk, String(userId), trainer ? '1' : '0').pexpire(tk, LIVE_TTL_MS.presence);
      }
      await exec(multi);
    },
    async trainers(eventId) {
      const stored = await redis.hgetall(trainersKey(eventId));
      const states = new Map<number, boolean>();
      for (const [id, value] of Object.entries(stored)) states.set(Number(id), value === '1');
      return states;
    },
    async present(eventId, sinceMs) {
      const ids = await redis.zrangebyscore(seenKey(eventId), sinceMs, '+inf');
      return ids.map(Number);
    },
    async setPoint(eventId, member, point) {
      const key = pointsKey(eventId);
      await exec(
        redis
          .multi()
          .hset(key, String(member.id), JSON.stringify({ member, point }))
          .pexpire(key, LIVE_TTL_MS.points),
      );
    },
    async points(eventId) {
      const stored = await redis.hgetall(pointsKey(eventId));
      const rows: LivePoint[] = [];
      for (const text of Object.values(stored)) {
        // Only this module writes these keys; a value that does not parse is skipped, not fatal.
        const parsed = livePointSchema.safeParse(safeJson(text));
        if (parsed.success) rows.push(parsed.data);
      }
      return rows;
    },
    async forget(eventId, userId) {
      await exec(
        redis
          .multi()
          .zrem(seenKey(eventId), String(userId))
          .hdel(trainersKey(eventId), String(userId))
          .hdel(pointsKey(eventId), String(userId)),
      );
    },
    async drop(eventId) {
      await redis.del(seenKey(eventId), trainersKey(eventId), pointsKey(eventId));
    },
    close: () => closeRedis(redis),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
