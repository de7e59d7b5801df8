import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import {
  GROUP_NAMESPACE,
  type GroupAck,
  type GroupClientToServer,
  type GroupServerToClient,
} from '@ridealong/contracts';
import { groupEvents } from '../src/db/schema.js';
import { startServer, type Backend, type TestServer } from './harness.js';
import { member, video, type Member } from './races-fixtures.js';

/** A real socket.io-client on the /group channel, typed by the contracts' event maps. */
export type GroupClient = Socket<GroupServerToClient, GroupClientToServer>;
type Payload<E extends keyof GroupServerToClient> = Parameters<GroupServerToClient[E]>[0];

const WAIT_MS = 5000;

export function connectGroup(s: { baseUrl: string }, token: string): Promise<GroupClient> {
  const socket: GroupClient = io(s.baseUrl + GROUP_NAMESPACE, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/**
 * A /group suite's server on `backend` with a video owner, started in beforeAll; its sockets
 * and the server are closed in afterAll. No worker role: the suite's events are ended by the
 * tests (group-sweep.test.ts drives the sweep with its own clock), not by a background sweep
 * racing them on a slow machine.
 */
export function groupSuite(
  backend: Backend,
  started: (suite: { s: TestServer; owner: Member }) => void,
  /** More of the server's environment (REDIS_URL: the live store on Redis). */
  env: Record<string, string> = {},
) {
  let server: TestServer | null = null;
  const open: GroupClient[] = [];
  beforeAll(async () => {
    server = await startServer(backend, { ROLE: 'api,realtime', ...env });
    started({ s: server, owner: await member(server, { name: 'Owner' }) });
  });
  afterAll(async () => {
    for (const socket of open.splice(0)) socket.close();
    await server?.close();
  });
  return {
    connect: async (m: { token: string }) => {
      if (!server) throw new Error('the suite server has not started');
      const socket = await connectGroup(server, m.token);
      open.push(socket);
      return socket;
    },
  };
}

/** An open event hosted by `host`, written straight into the database (create is HTTP's). */
export async function hostedEvent(
  s: TestServer,
  host: Member,
  values: Partial<typeof groupEvents.$inferInsert> = {},
): Promise<typeof groupEvents.$inferSelect> {
  const race = await video(s, host, { title: 'Group ride', duration: 120 });
  const [row] = await s.database.db
    .insert(groupEvents)
    .values({
      hostUserId: host.user.id,
      raceId: race.id,
      raceUrl: race.url,
      title: race.title,
      hostDisplayName: host.user.displayName,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no event');
  return row;
}

/**
 * Values of an event started a minute ago (its countdown over): points up to about second 50
 * count, as the event's clock bounds them (group/point-bounds.ts).
 */
export const startedMinuteAgo = () => ({
  status: 'in-progress' as const,
  timeStart: new Date(Date.now() - 60_000),
});

/** Any event with any payload (hostile ones too), acknowledged within WAIT_MS. */
export function ask(
  socket: GroupClient,
  event: string,
  payload?: unknown,
): Promise<GroupAck<object>> {
  const emit = socket.timeout(WAIT_MS) as unknown as {
    emitWithAck: (e: string, ...args: unknown[]) => Promise<GroupAck<object>>;
  };
  return payload === undefined ? emit.emitWithAck(event) : emit.emitWithAck(event, payload);
}

/** Any event with any payload and no acknowledgement. */
export function say(socket: GroupClient, event: string, payload?: unknown): void {
  (socket.emit as (e: string, ...args: unknown[]) => void)(
    event,
    ...(payload === undefined ? [] : [payload]),
  );
}

/** The first `event` on `socket` that `matches`, within `waitMs`. */
export function next<E extends keyof GroupServerToClient>(
  socket: GroupClient,
  event: E,
  matches: (p: Payload<E>) => boolean = () => true,
  waitMs = WAIT_MS,
): Promise<Payload<E>> {
  type Listen = (e: E, l: (p: Payload<E>) => void) => void;
  const on = (socket.on as Listen).bind(socket);
  const off = (socket.off as Listen).bind(socket);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off(event, listener);
      reject(new Error(`no matching ${event} within ${waitMs} ms`));
    }, waitMs);
    const listener = (p: Payload<E>) => {
      if (!matches(p)) return;
      clearTimeout(timer);
      off(event, listener);
      resolve(p);
    };
    on(event, listener);
  });
}

/** Every `event` `socket` receives from now on, in order. */
export function collect<E extends keyof GroupServerToClient>(
  socket: GroupClient,
  event: E,
): Payload<E>[] {
  const seen: Payload<E>[] = [];
  (socket.on as (e: E, l: (p: Payload<E>) => void) => void)(event, (p) => seen.push(p));
  return seen;
}

/** Waits long enough for anything already sent to have arrived (a round trip on `socket`). */
export async function settled(socket: GroupClient): Promise<void> {
  await ask(socket, 'group-check-room', { roomId: 2147483647 });
}

export const point = (accumulated_power: number, elapsed_time = 10) => ({
  elapsed_time,
  accumulated_power,
  power: 200,
  heart_rate: 130,
  cadence: 90,
  distance: elapsed_time * 8,
});

export { member, type Member };
