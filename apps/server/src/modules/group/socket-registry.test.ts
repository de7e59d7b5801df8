import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisSocketRegistry } from './redis-socket-registry.js';
import { memorySocketRegistry, SOCKET_TTL_MS, type SocketRegistry } from './socket-registry.js';

const redisUrl = process.env.TEST_REDIS_URL;

function behavesAsASocketRegistry(open: () => SocketRegistry) {
  it('admits up to the limit, keeps admitted sockets in, and frees a released place', async () => {
    const r = open();
    const t = Date.now();
    expect(await r.admit('member:1', 'a', 2, t)).toBe(true);
    expect(await r.admit('member:1', 'b', 2, t)).toBe(true);
    expect(await r.admit('member:1', 'c', 2, t)).toBe(false);
    expect(await r.admit('member:1', 'a', 2, t)).toBe(true);
    expect(await r.admit('member:2', 'c', 2, t)).toBe(true);
    expect(await r.count('member:1', t)).toBe(2);
    await r.release('member:1', 'a');
    expect(await r.admit('member:1', 'c', 2, t)).toBe(true);
  });

  it('forgets sockets nobody refreshed (a process that died)', async () => {
    const r = open();
    const t = Date.now();
    await r.admit('member:3', 'a', 1, t);
    await r.admit('member:3', 'b', 5, t);
    await r.refresh([{ scope: 'member:3', socketId: 'b' }], t + SOCKET_TTL_MS / 2);
    const later = t + SOCKET_TTL_MS + 1;
    expect(await r.count('member:3', later)).toBe(1);
    expect(await r.admit('member:3', 'c', 2, later)).toBe(true);
    expect(await r.admit('member:3', 'd', 2, later)).toBe(false);
  });
}

describe('the memory socket registry', () => {
  behavesAsASocketRegistry(() => memorySocketRegistry());
});

if (!redisUrl) console.warn('TEST_REDIS_URL is not set: the Redis socket registry is not tested.');
// Registered only with the service: a skipped test would count as failed.
if (redisUrl) {
  describe('the Redis socket registry', () => {
    const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });
    behavesAsASocketRegistry(() => redisSocketRegistry(redis, prefix));
  });
}
