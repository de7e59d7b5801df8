import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { INTER_SERVER_CHANNEL, type SessionsRevoked } from '@ridealong/contracts';
import { localBus, redisBus, type BusLog, type InterServerBus } from './inter-server-bus.js';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn('TEST_REDIS_URL is not set: the inter-server bus is tested in one process only.');
}

const quietLog = (): BusLog & { warned: unknown[] } => {
  const warned: unknown[] = [];
  return { warned, warn: (obj) => void warned.push(obj), error: vi.fn() };
};
/** Hashes no other test (sharing this Redis) publishes. */
const revoked = (): SessionsRevoked => ({ tokenHashes: [randomBytes(32).toString('hex')] });

const opened: InterServerBus[] = [];
afterAll(() => Promise.all(opened.splice(0).map((b) => b.close())));

/** What `bus` hears of sessions-revoked, in order. */
function heard(bus: InterServerBus): SessionsRevoked[] {
  const seen: SessionsRevoked[] = [];
  bus.subscribe('sessions-revoked', (p) => void seen.push(p));
  return seen;
}

describe('localBus', () => {
  it('delivers to every listener at once, until it unsubscribes', () => {
    const bus = localBus(quietLog());
    const first = heard(bus);
    const second: SessionsRevoked[] = [];
    const unsubscribe = bus.subscribe('sessions-revoked', (p) => void second.push(p));
    const one = revoked();
    bus.publish('sessions-revoked', one);
    unsubscribe();
    const two = revoked();
    bus.publish('sessions-revoked', two);
    expect(first).toEqual([one, two]);
    expect(second).toEqual([one]);
  });

  it('keeps delivering when a listener throws, and logs it', () => {
    const log = quietLog();
    const bus = localBus(log);
    bus.subscribe('sessions-revoked', () => {
      throw new Error('listener bug');
    });
    const after = heard(bus);
    const one = revoked();
    bus.publish('sessions-revoked', one);
    expect(after).toEqual([one]);
    expect(log.error).toHaveBeenCalledOnce();
  });
});

it('refuses to start on an unreachable Redis, naming REDIS_URL', async () => {
  await expect(redisBus('redis://127.0.0.1:1', quietLog())).rejects.toThrow(/^REDIS_URL: /);
});

// Picked at collection time: with Redis, two buses stand for two processes.
if (redisUrl) {
  describe('redisBus between two processes', () => {
    const open = async (log = quietLog()) => {
      const bus = await redisBus(redisUrl, log);
      opened.push(bus);
      return bus;
    };

    it('reaches the other process, and the sender once (no echo)', async () => {
      const [a, b] = [await open(), await open()];
      const [onA, onB] = [heard(a), heard(b)];
      const one = revoked();
      a.publish('sessions-revoked', one);
      expect(onA).toEqual([one]);
      await vi.waitFor(() => expect(onB).toContainEqual(one), { timeout: 2000 });
      // B's message reaches A after A's own would have come back: A heard its own once.
      const marker = revoked();
      b.publish('sessions-revoked', marker);
      await vi.waitFor(() => expect(onA).toContainEqual(marker), { timeout: 2000 });
      expect(onA.filter((p) => p.tokenHashes[0] === one.tokenHashes[0])).toHaveLength(1);
    });

    it('drops what is not a valid message and goes on', async () => {
      const log = quietLog();
      const onB = heard(await open(log));
      const raw = new Redis(redisUrl);
      try {
        const good = revoked();
        await raw.publish(INTER_SERVER_CHANNEL, 'not json');
        await raw.publish(
          INTER_SERVER_CHANNEL,
          JSON.stringify({ origin: 'x', event: 'sessions-revoked', payload: { userId: 1 } }),
        );
        await raw.publish(
          INTER_SERVER_CHANNEL,
          JSON.stringify({ origin: 'x', event: 'sessions-revoked', payload: good }),
        );
        await vi.waitFor(() => expect(onB).toContainEqual(good), { timeout: 2000 });
        expect(log.warned).toEqual(
          expect.arrayContaining([
            { reason: 'not JSON' },
            { reason: 'bad sessions-revoked payload' },
          ]),
        );
      } finally {
        await raw.quit();
      }
    });
  });
}
