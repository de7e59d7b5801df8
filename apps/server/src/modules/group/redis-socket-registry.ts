import type { Redis } from 'ioredis';
import { SOCKET_TTL_MS, type SocketRegistry } from './socket-registry.js';

/**
 * One scope is one sorted set (socket id -> until, ms). Admission is one script, so sockets of
 * one member connecting at once on several processes never pass the limit together; each
 * command touches one key (a scope's braces keep an event's keys on one Cluster slot).
 */
const ADMIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[4]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1
end
return 0`;

type WithAdmit = Redis & {
  groupAdmitSocket: (
    key: string,
    socketId: string,
    atMs: number,
    until: number,
    limit: number,
    ttlMs: number,
  ) => Promise<number>;
};

export function redisSocketRegistry(redis: Redis, prefix: string): SocketRegistry {
  redis.defineCommand('groupAdmitSocket', { numberOfKeys: 1, lua: ADMIT });
  const admitting = redis as WithAdmit;
  const key = (scope: string) => `${prefix}sockets:${scope}`;
  return {
    async admit(scope, socketId, limit, atMs) {
      const cap = Number.isFinite(limit) ? limit : Number.MAX_SAFE_INTEGER;
      const until = atMs + SOCKET_TTL_MS;
      const r = await admitting.groupAdmitSocket(
        key(scope),
        socketId,
        atMs,
        until,
        cap,
        SOCKET_TTL_MS,
      );
      return r === 1;
    },
    async release(scope, socketId) {
      await redis.zrem(key(scope), socketId);
    },
    count: (scope, atMs) => redis.zcount(key(scope), `(${atMs}`, '+inf'),
    async refresh(entries, atMs) {
      if (entries.length === 0) return;
      const pipeline = redis.pipeline();
      for (const { scope, socketId } of entries) {
        // XX: a socket released meanwhile is not brought back.
        pipeline.zadd(key(scope), 'XX', atMs + SOCKET_TTL_MS, socketId);
        pipeline.pexpire(key(scope), SOCKET_TTL_MS);
      }
      await pipeline.exec();
    },
  };
}
