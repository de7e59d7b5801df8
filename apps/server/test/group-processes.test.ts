import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupAck, GroupRoomState } from '@ridealong/contracts';
import { sql } from 'drizzle-orm';
import { connectGroup, next, type GroupClient } from './group-fixtures.js';
import { backends, startServer, type TestServer } from './harness.js';
import {
  LENIENT_PROCESS_LIMITS,
  signUpOn,
  type MemberApi,
  type ProcessMember,
} from './process-members.js';
import { scratchPostgres, serverFleet, type ServerProcess } from './server-process.js';

/**
 * Issue 13 (and issue 12's "a room broadcast made on one process reaches a socket connected
 * to the other"): one event whose riders are connected to two real server processes sharing
 * PostgreSQL and Redis. Every broadcast here is made by the process that served the event
 * (a join, an identity pulse, the host's start and cancel), and the relay reads the riders'
 * points from the shared live store.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const cluster = adminUrl && redisUrl ? { adminUrl, redisUrl } : null;
if (!cluster) {
  console.warn(
    'TEST_DATABASE_URL and TEST_REDIS_URL are not both set: an event across two processes is ' +
      'not run; the same event on one in-process server with embedded PGlite is.',
  );
}

const START_TIMEOUT_MS = 180_000;

const sockets: GroupClient[] = [];
afterAll(() => {
  for (const s of sockets.splice(0)) s.close();
});

async function groupSocketOn(server: { baseUrl: string }, token: string): Promise<GroupClient> {
  const socket = await connectGroup(server, token);
  sockets.push(socket);
  return socket;
}

const join = (socket: GroupClient, roomId: number, trainer_connected?: boolean) =>
  new Promise<GroupAck<GroupRoomState>>((resolve) =>
    socket.emit('group-join-room', { roomId, trainer_connected }, resolve),
  );

/** A server the scenario talks to: a real process, or the one-process fallback. */
type Node = MemberApi & { baseUrl: string };
/** Makes a ready video of `owner` (the media pipeline is not what this test is about). */
type AddVideo = (owner: ProcessMember, url: string) => Promise<void>;
/**
 * Moves an event's Start back past its countdown: points count only from its end
 * (group/point-bounds.ts), and the test does not wait 10 s for it.
 */
type EndCountdown = (eventId: number) => Promise<void>;
const endCountdownSql = `update group_events
  set time_start = time_start - interval '15 seconds' where id = $1`;

/** Rita hosts on `a`, Sam joins on `b`; every broadcast is made by the process serving it. */
async function oneEventOn(
  a: Node,
  b: Node,
  addVideo: AddVideo,
  endCountdown: EndCountdown,
): Promise<void> {
  const [rita, sam] = [await signUpOn(a, 'Rita'), await signUpOn(b, 'Sam')];
  await addVideo(rita, 'col-du-cluster');
  const created = await a.request('/api/v1/event/create', {
    json: { race_url: 'col-du-cluster' },
    token: rita.token,
  });
  expect(created.status).toBe(200);
  const { eventId } = (await created.json()) as { eventId: number };

  const onA = await groupSocketOn(a, rita.token);
  const onB = await groupSocketOn(b, sam.token);
  expect(await join(onA, eventId, true)).toMatchObject({ ok: true, status: 'waiting-room' });

  // Sam joins on B without a trainer: B's broadcast of his identity and trainer state
  // reaches Rita on A, and the state is in the shared live store A reads the room from.
  const samSeen = next(onA, 'group-identity-pulse', (p) => p.user_info.id === sam.id);
  const samJoined = await join(onB, eventId, false);
  expect(samJoined).toMatchObject({ ok: true, host_user: rita.id });
  expect(samJoined.ok && samJoined.members.find((m) => m.id === rita.id)).toMatchObject({
    trainer_connected: true,
  });
  expect(await samSeen).toMatchObject({
    user_info: { id: sam.id, display_name: 'Sam' },
    trainer_connected: false,
  });
  const roomOnA = await new Promise<GroupAck<GroupRoomState>>((resolve) =>
    onA.emit('group-check-room', { roomId: eventId }, resolve),
  );
  expect(roomOnA.ok && roomOnA.members.map((m) => [m.id, m.trainer_connected])).toEqual([
    [rita.id, true],
    [sam.id, false],
  ]);
  // Sam connects his trainer on B: Rita on A sees him ready.
  const samReady = next(
    onA,
    'group-identity-pulse',
    (p) => p.user_info.id === sam.id && p.trainer_connected === true,
  );
  onB.emit('group-identity-pulse', { roomId: eventId, trainer_connected: true });
  await samReady;

  // Rita's pulse on A, with a forged identity, reaches Sam on B as A's record of her.
  const ritaSeen = next(onB, 'group-identity-pulse', (p) => p.user_info.id === rita.id);
  onA.emit('group-identity-pulse', {
    roomId: eventId,
    user_info: { id: sam.id, display_name: 'Not Rita', photo_url: null },
  });
  expect((await ritaSeen).user_info).toMatchObject({ id: rita.id, display_name: 'Rita' });

  // The host's start on A reaches both, with one server time.
  const startOnB = next(onB, 'group-start-race');
  const startOnA = next(onA, 'group-start-race');
  onA.emit('group-start-race', { roomId: eventId, duration: 120 });
  const [started, startedHere] = await Promise.all([startOnB, startOnA]);
  expect(started.timeStart).toBe(startedHere.timeStart);
  expect(started.roomId).toBe(eventId);
  await endCountdown(eventId);

  // Points sent on each process: each rider's window, from the shared live store, has both.
  const point = (accumulated_power: number) => ({
    elapsed_time: 1,
    accumulated_power,
    power: 200,
    heart_rate: 130,
    cadence: 90,
    distance: 8,
  });
  // Each process relays on its own 500 ms tick: a tick between the two writes sends a window of
  // one rider first, so the check waits for the window that has both.
  const samOnA = next(onA, 'group-point-pulse', (p) => p.user_info.id === sam.id && p.total === 2);
  const ritaOnB = next(
    onB,
    'group-point-pulse',
    (p) => p.user_info.id === rita.id && p.total === 2,
  );
  onB.emit('group-point-pulse', { roomId: eventId, point: point(500) });
  onA.emit('group-point-pulse', { roomId: eventId, point: point(300) });
  expect(await samOnA).toMatchObject({ rank: 1, total: 2, point: { accumulated_power: 500 } });
  expect(await ritaOnB).toMatchObject({ rank: 2, total: 2, point: { accumulated_power: 300 } });

  // The host cancels on A; Sam on B is told, and B answers the event's status.
  const canceled = next(onB, 'group-cancel');
  onA.emit('group-cancel', { roomId: eventId });
  expect(await canceled).toMatchObject({ roomId: eventId, reason: 'canceled' });
  const status = await b.request(`/api/v1/event/get-status/${eventId}`);
  expect(await status.json()).toEqual({ status: 'complete' });
}

const insertVideo = `insert into races (url, title, user_id, status, duration, slope_source_id)
  values ($1, 'Col du Cluster', $2, 'ready', 120, 2)`;

if (cluster) {
  describe('one event across two processes (A: api,realtime,worker; B: api,realtime)', () => {
    let a: ServerProcess;
    let b: ServerProcess;
    let databaseUrl = '';
    let cleanUp: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      const fleet = await serverFleet('group');
      const scratch = await scratchPostgres(cluster.adminUrl, 'group');
      databaseUrl = scratch.url;
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
      [a, b] = [await add('a', 'api,realtime,worker'), await add('b', 'api,realtime')];
      await Promise.all([a.start(), b.start()]);
    }, START_TIMEOUT_MS);
    afterAll(() => cleanUp());

    it('riders on A and B see each other, start together, relay points and cancel', async () => {
      const query = async (text: string, values: unknown[]) => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          await client.query(text, values);
        } finally {
          await client.end();
        }
      };
      // Live keys and rate limits on the shared Redis are named by member and event ids, which
      // a fresh database starts at 1: ids far from other runs' (an earlier run within the hour).
      await query(`select setval('users_id_seq', $1)`, [randomInt(1e8, 2e9)]);
      await query(`select setval('group_events_id_seq', $1)`, [randomInt(1e8, 2e9)]);
      await oneEventOn(
        a,
        b,
        (owner, url) => query(insertVideo, [url, owner.id]),
        (eventId) => query(endCountdownSql, [eventId]),
      );
    });
  });
} else {
  describe('one event on one in-process server (embedded PGlite, no Redis)', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startServer(backends[0] as (typeof backends)[number], LENIENT_PROCESS_LIMITS);
    });
    afterAll(() => s?.close());

    it('riders see each other, start together, relay points and cancel', async () => {
      const node: Node = {
        baseUrl: s.baseUrl,
        lastMailTo: (to) => s.lastMailTo(to),
        request: (urlPath, init) =>
          fetch(s.baseUrl + urlPath, {
            method: init?.method ?? (init?.json === undefined ? 'GET' : 'POST'),
            headers: {
              ...(init?.json === undefined ? {} : { 'content-type': 'application/json' }),
              ...(init?.token ? { 'x-auth-token': init.token } : {}),
            },
            body: init?.json === undefined ? undefined : JSON.stringify(init.json),
          }),
      };
      await oneEventOn(
        node,
        node,
        async (owner, url) => {
          await s.database.db.execute(
            sql`insert into races (url, title, user_id, status, duration, slope_source_id)
                values (${url}, 'Col du Cluster', ${owner.id}, 'ready', 120, 2)`,
          );
        },
        async (eventId) => {
          await s.database.db.execute(
            sql`update group_events set time_start = time_start - interval '15 seconds'
                where id = ${eventId}`,
          );
        },
      );
    });
  });
}
