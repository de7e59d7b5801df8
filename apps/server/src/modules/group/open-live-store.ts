import type { RedisLinkLog } from '../../realtime/redis-link.js';
import type { LiveStore } from './live-store.js';
import { memoryLiveStore } from './memory-live-store.js';
import { redisLiveStore } from './redis-live-store.js';

/** The app's live store: Redis when `redisUrl` is set (keys under `prefix`), else memory. */
export async function openLiveStore(
  redisUrl: string | null,
  log: RedisLinkLog,
  prefix = 'group:',
): Promise<LiveStore> {
  return redisUrl ? redisLiveStore(redisUrl, log, prefix) : memoryLiveStore();
}
