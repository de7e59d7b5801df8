import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { RIDE_NAMESPACE } from '@ridealong/contracts';

/** The probe's own event: no client of the product listens for it. */
export type ProbeEvents = { 'cluster-probe': (text: string) => void };

/**
 * A Socket.IO node of the test's own, joined to the server processes' Redis adapter the way
 * every process joins (same Redis, default channel names). It serves no clients; it does
 * what a module on any process does with rooms: fetch a room's sockets (every process answers
 * for its own over Redis) and broadcast to a room (every process delivers to its own). The
 * product has no room broadcast of its own yet (group rides bring one), and no test-only
 * route or event is put in production code to make one.
 */
export async function clusterProbe(redisUrl: string) {
  const pub = new Redis(redisUrl);
  const sub = pub.duplicate();
  const io = new Server<Record<string, never>, ProbeEvents>({
    adapter: createAdapter(pub, sub, { publishOnSpecificResponseChannel: true }),
  });
  const ride = io.of(RIDE_NAMESPACE);
  // Subscriptions run in order on the subscriber: after this PING they are in place.
  await sub.ping();
  return {
    ride,
    close: async () => {
      await Promise.all([ride.adapter.close(), io.of('/').adapter.close()]);
      await Promise.all([pub.quit(), sub.quit()]);
    },
  };
}
