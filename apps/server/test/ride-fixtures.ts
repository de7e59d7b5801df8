import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  RIDE_NAMESPACE,
  type RidePoint,
  type RideClientToServer,
  type RideServerToClient,
} from '@ridealong/contracts';
import { eq, sql } from 'drizzle-orm';
import { raceSlopePoints, tracks } from '../src/db/schema.js';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type Backend, type TestServer } from './harness.js';
import { member, video, type Member } from './races-fixtures.js';

/** A real socket.io-client on the /ride channel, typed by the contracts' event maps. */
export type RideClient = Socket<RideServerToClient, RideClientToServer>;

/**
 * Connects (no automatic reconnection: the test says where it goes) and resolves once
 * connected, or rejects with the connect_error. `s` is an in-process test server or a process.
 */
export function connectRide(
  s: { baseUrl: string },
  token: string | null,
  transports: Array<'websocket' | 'polling'> = ['websocket'],
): Promise<RideClient> {
  const socket: RideClient = io(s.baseUrl + RIDE_NAMESPACE, {
    auth: token === null ? {} : { token },
    transports,
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
 * Sockets a test file opens through `connect`, all closed by `closeAll` (its afterAll), so a
 * failing test never leaves a connection holding the server open.
 */
export function rideSockets(server: () => TestServer) {
  const open: RideClient[] = [];
  return {
    connect: async (m: { token: string }) => {
      const socket = await connectRide(server(), m.token);
      open.push(socket);
      return socket;
    },
    closeAll: () => {
      for (const socket of open.splice(0)) socket.close();
    },
  };
}

/**
 * A ride suite's server on `backend` with a video owner ('Owner'), started in beforeAll and
 * handed to `started`; its sockets and the server are closed in afterAll. Returns the sockets.
 */
export function rideSuite(
  backend: Backend,
  started: (suite: { s: TestServer; owner: Member }) => void,
): ReturnType<typeof rideSockets> {
  let server: TestServer | null = null;
  const sockets = rideSockets(() => {
    if (!server) throw new Error('the suite server has not started');
    return server;
  });
  beforeAll(async () => {
    server = await startServer(backend);
    started({ s: server, owner: await member(server, { name: 'Owner' }) });
  });
  afterAll(async () => {
    sockets.closeAll();
    await server?.close();
  });
  return sockets;
}

/** Waits for the next emit of a server event. */
export function next<E extends keyof RideServerToClient>(
  socket: RideClient,
  event: E,
): Promise<Parameters<RideServerToClient[E]>[0]> {
  return new Promise((resolve) => {
    const listener = (payload: Parameters<RideServerToClient[E]>[0]) => resolve(payload);
    (socket.once as (e: E, l: typeof listener) => void)(event, listener);
  });
}

/** A ready video with a slope point per second (slope = second % 10 - 5). */
export async function slopeVideo(s: TestServer, owner: Member, seconds = 120) {
  const race = await video(s, owner, {
    title: 'Slope ride',
    duration: seconds,
    slopeSourceId: 2,
    mediaKey: `media-${randomUUID()}`,
    posterFile: 'poster.jpg',
  });
  await s.database.db.insert(raceSlopePoints).values(
    Array.from({ length: seconds + 1 }, (_, second) => ({
      raceId: race.id,
      second,
      distance: second * 8,
      elevation: 100,
      speed: 8,
      slope: (second % 10) - 5,
    })),
  );
  return race;
}

/**
 * The points of seconds [from, to]: 200 W (or `power`), 8 m/s, sums consistent, recorded one
 * a second up to now (the server refuses times far from its clock).
 */
export function points(from: number, to: number, power = 200): RidePoint[] {
  const now = Date.now();
  return Array.from({ length: to - from + 1 }, (_, i) => {
    const s = from + i;
    return {
      elapsed_time: s,
      accumulated_power: (s + 1) * power,
      power,
      heart_rate: 140,
      cadence: 90,
      distance: s * 8,
      speed: 8,
      timestamp: now - (to - s) * 1000,
    };
  });
}

/**
 * Moves a track's add-track `seconds` into the past: the tests' stand-in for the time riding
 * takes, since the server refuses more seconds of video than have passed since add-track.
 */
export function startedAgo(s: TestServer, seconds: number) {
  return async (trackId: number): Promise<void> => {
    await s.database.db
      .update(tracks)
      .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(tracks.id, trackId));
  };
}

/**
 * Starts a ride on an initialised video and pushes [from, to] in batches of 10; `opened` runs
 * after add-track (e.g. `startedAgo`, for a ride longer than the server's 30 s of slack).
 */
export async function rideThrough(
  socket: RideClient,
  rider: Member,
  race: { id: number; url: string },
  from: number,
  to: number,
  clientRideId = randomUUID(),
  opened: (trackId: number) => Promise<void> = async () => undefined,
): Promise<number> {
  const added = await socket.timeout(5000).emitWithAck('add-track', {
    race_id: race.id,
    race_url: race.url,
    user_id: rider.user.id,
    client_ride_id: clientRideId,
  });
  if (!added.ok) throw new Error(added.message);
  await opened(added.track_id);
  for (let s = from; s <= to; s += 10) {
    const pushed = await socket.timeout(5000).emitWithAck('push-points', {
      track_id: added.track_id,
      points: points(s, Math.min(to, s + 9)),
    });
    if (!pushed.ok) throw new Error(pushed.message);
  }
  return added.track_id;
}
