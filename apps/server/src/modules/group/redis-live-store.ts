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
 * A touch, as one script (one round trip, atomic): KEYS seen, trainers; ARGV member, at,
 * cutoff, TTL, state ('1', '0' or '' when not reported). Presence entries older than the
 * cutoff go first, each with its trainer state, so no state outlives its member's presence
 * entry: not other riders' (trimmed here), nor the toucher's own (its old entry is trimmed
 * before it is written again). Both keys then get the presence TTL, so the hash goes with the
 * set. HEXPIRE (a TTL per field) would need Redis 7.4; this works from 6.2 (ZADD GT).
 */
const TOUCH = `
local stale
repeat
  stale = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3], 'LIMIT', 0, 500)
  if #stale > 0 then
    redis.call('ZREM', KEYS[1], unpack(stale))
    redis.call('HDEL', KEYS[2], unpack(stale))
  end
until #stale < 500
redis.call('ZADD', KEYS[1], 'GT', ARGV[2], ARGV[1])
if ARGV[5] ~= '' then redis.call('HSET', KEYS[2], ARGV[1], ARGV[5]) end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1`;

type WithTouch = Redis & {
  groupTouch: (
    seenKey: string,
    trainersKey: string,
    userId: string,
    atMs: number,
    cutoffMs: number,
    ttlMs: number,
    state: '1' | '0' | '',
  ) => Promise<number>;
};

/**
 * The live store on Redis (REDIS_URL), shared by every process: per event a sorted set of
 * member id -> last heard (ms), a hash of member id -> reported trainer state ('1'/'0') and a
 * hash of member id -> latest point (JSON). Each write sets its keys' TTL (LIVE_TTL_MS) and
 * presence older than the TTL is trimmed at each touch with its trainer state, so a forgotten
 * event or member costs nothing after a while. A read is one ZRANGEBYSCORE, one HMGET of the
 * listed members or one HGETALL. Keys carry the event id in braces: one event's keys stay on
 * one Redis Cluster slot (the touch script's two keys too).
 */
export async function redisLiveStore(
  url: string,
  log: RedisLinkLog,
  prefix: string,
): Promise<LiveStore> {
  const redis = await connectRedis(url, 'group live store', log);
  redis.defineCommand('groupTouch', { numberOfKeys: 2, lua: TOUCH });
  const touching = redis as WithTouch;
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
      // GT (in the script): a late, older touch (another process) never moves a member back.
      await touching.groupTouch(
        seenKey(eventId),
        trainersKey(eventId),
        String(userId),
        atMs,
        atMs - LIVE_TTL_MS.presence,
        LIVE_TTL_MS.presence,
        trainer === undefined ? '' : trainer ? '1' : '0',
      );
    },
    async trainers(eventId, userIds) {
      const states = new Map<number, boolean>();
      // Only the members listed (at most GROUP.roomListMax), not every rider of the event.
      if (userIds.length === 0) return states;
      const values = await redis.hmget(trainersKey(eventId), ...userIds.map(String));
      userIds.forEach((id, i) => {
        const value = values[i];
        if (value === '1' || value === '0') states.set(id, value === '1');
      });
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
