import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/secrets.js';
import { SESSION_ENDED_MESSAGE, sessionRoom } from '../src/realtime/session-guard.js';
import { clusterProbe } from './cluster-probe.js';
import { linkFrom } from './harness.js';
import {
  LENIENT_PROCESS_LIMITS,
  rideSocketOn,
  signInOn,
  signUpOn,
  socketEnd,
  stillServed,
  type ProcessRideClient,
} from './process-members.js';
import { scratchPostgres, serverFleet, type ServerProcess } from './server-process.js';

/**
 * Issue 12, realtime layer, across real server processes (server-process.ts): Socket.IO's
 * Redis adapter joins them, and a session that ends on one process ends its sockets on every
 * process within 2 s. Each process is `node --import tsx src/main.ts` with its own port.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
// Picked at collection time: several processes need PostgreSQL (PGlite is one process's) and
// Redis; without them the one-process case runs, and says so.
const cluster = adminUrl && redisUrl ? { adminUrl, redisUrl } : null;
if (!cluster) {
  console.warn(
    'TEST_DATABASE_URL and TEST_REDIS_URL are not both set: realtime across processes is not ' +
      `run; one process on embedded PGlite ${redisUrl ? 'with' : 'without'} Redis is.`,
  );
}

/** The bound: a logout ends the session's sockets everywhere within this. */
const WITHIN_MS = 2000;
const START_TIMEOUT_MS = 180_000;

const sockets: ProcessRideClient[] = [];
async function connect(server: ServerProcess, token: string) {
  const socket = await rideSocketOn(server, token);
  sockets.push(socket);
  return socket;
}
afterAll(() => {
  for (const s of sockets.splice(0)) s.close();
});

/** Ends `sockets` by `act` and checks each ended within 2 s, told why first. */
async function endedByWithin(act: () => Promise<Response>, ...ended: ProcessRideClient[]) {
  let from = 0;
  const ends = ended.map((s) => socketEnd(s, WITHIN_MS, () => from));
  from = Date.now();
  expect((await act()).status).toBe(200);
  const results = await Promise.all(ends);
  for (const end of results) {
    expect(end).toMatchObject({ message: SESSION_ENDED_MESSAGE, reason: 'io server disconnect' });
    expect(end.afterMs).toBeLessThan(WITHIN_MS);
  }
  return results.map((r) => r.afterMs);
}

const logout = (server: ServerProcess, token: string) => () =>
  server.request('/api/v1/logout', { method: 'POST', json: {}, token });

if (cluster) {
  describe('processes sharing PostgreSQL and Redis (A, B: api,realtime; C: api only)', () => {
    let a: ServerProcess;
    let b: ServerProcess;
    let c: ServerProcess;
    let cleanUp: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      const fleet = await serverFleet('realtime');
      const scratch = await scratchPostgres(cluster.adminUrl, 'realtime');
      cleanUp = async () => {
        await fleet.dispose();
        await scratch.drop();
      };
      const env = {
        ...LENIENT_PROCESS_LIMITS,
        REDIS_URL: cluster.redisUrl,
        MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex'),
      };
      const add = (name: string, ROLE: string) =>
        fleet.add({ name, databaseUrl: scratch.url, env: { ...env, ROLE } });
      [a, b, c] = [
        await add('a', 'api,realtime'),
        await add('b', 'api,realtime'),
        await add('c', 'api'),
      ];
      await Promise.all([a.start(), b.start(), c.start()]);
    }, START_TIMEOUT_MS);
    afterAll(() => cleanUp());

    it('a broadcast to a room reaches that room’s sockets on every process', async () => {
      const rita = await signUpOn(a, 'Rita');
      const otherDevice = await signInOn(b, rita);
      // One session's sockets on A and on B are one room: the session's.
      const [onA, onB] = [await connect(a, rita.token), await connect(b, rita.token)];
      const notInRoom = await connect(b, otherDevice.token);
      const probe = await clusterProbe(cluster.redisUrl);
      try {
        const room = sessionRoom(sha256(rita.token));
        // Each process answers for its own sockets over Redis.
        const members = await probe.ride.in(room).fetchSockets();
        expect(members.map((s) => s.id).sort()).toEqual([onA.id, onB.id].sort());

        const heard = [onA, onB, notInRoom].map((s) => probeHeard(s, 1500));
        probe.ride.to(room).emit('cluster-probe', 'to the session room');
        expect(await Promise.all(heard)).toEqual([
          'to the session room',
          'to the session room',
          null,
        ]);
      } finally {
        await probe.close();
      }
    });

    it('logging out on A ends the session’s /ride sockets on A and B within 2 s, and only those', async () => {
      const rita = await signUpOn(a, 'Rita');
      const otherDevice = await signInOn(b, rita);
      const sam = await signUpOn(b, 'Sam');
      const onA = await connect(a, rita.token);
      const onB = await connect(b, rita.token);
      const kept = [await connect(b, otherDevice.token), await connect(a, sam.token)];
      // Round trips first: each process's re-check after the handshake (session-guard.ts) is
      // done by then, so only the published logout can end the sockets below.
      await Promise.all([onA, onB].map(stillServed));

      const [onAms, onBms] = await endedByWithin(logout(a, rita.token), onA, onB);
      console.info(
        `logout on A ended the session's socket on A in ${onAms} ms, on B in ${onBms} ms`,
      );
      for (const socket of kept) await stillServed(socket);
      // The revoked token cannot come back on either process.
      for (const server of [a, b]) {
        await expect(rideSocketOn(server, rita.token)).rejects.toThrow('Please log in.');
      }
    });

    it('a password reset served on B ends every session of the member on A within 2 s', async () => {
      const rita = await signUpOn(b, 'Rita');
      const laptop = await signInOn(a, rita);
      const sam = await signUpOn(a, 'Sam');
      const mine = [await connect(a, rita.token), await connect(a, laptop.token)];
      const theirs = await connect(a, sam.token);
      await Promise.all(mine.map(stillServed));

      expect(
        (await b.request('/api/v1/initiate-password-recovery', { json: { email: rita.email } }))
          .status,
      ).toBe(200);
      const link = linkFrom(await b.lastMailTo(rita.email), '/change-password/');
      const code = decodeURIComponent(link.split('/change-password/')[1] ?? '');
      const reset = () =>
        b.request('/api/v1/update-password', {
          json: { password: 'newpass12', password_confirmation: 'newpass12', code },
        });
      await endedByWithin(reset, ...mine);
      await stillServed(theirs);
    });

    it('a logout served by a process without Socket.IO (api only) ends the socket on A', async () => {
      const rita = await signUpOn(c, 'Rita');
      // C serves no sockets: the rider's is on A.
      await expect(rideSocketOn(c, rita.token)).rejects.toThrow();
      const onA = await connect(a, rita.token);
      // A round trip first: A's own re-check after the handshake (session-guard.ts) is done by
      // then, so only the published logout can end the socket below.
      await stillServed(onA);
      const [ms] = await endedByWithin(logout(c, rita.token), onA);
      console.info(`logout on api-only C ended the socket on A in ${ms} ms`);
    });
  });
} else {
  describe(`one process on embedded PGlite ${redisUrl ? 'with' : 'without'} Redis`, () => {
    let a: ServerProcess;
    let cleanUp: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      const fleet = await serverFleet('realtime-one');
      cleanUp = () => fleet.dispose();
      const env = { ...LENIENT_PROCESS_LIMITS, REDIS_URL: redisUrl ?? '' };
      a = await fleet.add({ name: 'a', databaseUrl: null, env });
      await a.start();
    }, START_TIMEOUT_MS);
    afterAll(() => cleanUp());

    it('logging out ends the session’s sockets (websocket and polling) within 2 s, and only those', async () => {
      const rita = await signUpOn(a, 'Rita');
      const otherDevice = await signInOn(a, rita);
      const polling = await rideSocketOn(a, rita.token, ['polling']);
      sockets.push(polling);
      const onA = await connect(a, rita.token);
      const kept = await connect(a, otherDevice.token);
      await endedByWithin(logout(a, rita.token), onA, polling);
      await stillServed(kept);
      await expect(rideSocketOn(a, rita.token)).rejects.toThrow('Please log in.');
    });
  });
}

/** The probe's text if the socket hears it within `ms`, otherwise null. */
function probeHeard(socket: ProcessRideClient, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    socket.onAny((event: string, text: unknown) => {
      if (event !== 'cluster-probe') return;
      clearTimeout(timer);
      resolve(typeof text === 'string' ? text : null);
    });
  });
}
