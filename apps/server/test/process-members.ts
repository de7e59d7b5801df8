import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { RideClientToServer, RideServerToClient } from '@ridealong/contracts';
import { connectRide } from './ride-fixtures.js';
import type { ServerProcess } from './server-process.js';

/**
 * Members and /ride sockets on real server processes (server-process.ts), through the API and
 * the file outbox only, as a rider's browser would.
 */

export type ProcessMember = { id: number; email: string; password: string; token: string };
export type ProcessRideClient = Socket<RideServerToClient, RideClientToServer>;

/** Rate limits high enough for a test's sign-ups (with Redis the counters are shared). */
export const LENIENT_PROCESS_LIMITS = {
  AUTH_RATE_LIMIT_PER_IP: '1000',
  AUTH_RATE_LIMIT_PER_EMAIL: '100',
};

/** What signing up and in needs of a server: a real process, or a test's in-process app. */
export type MemberApi = Pick<ServerProcess, 'request' | 'lastMailTo'>;

/** Signs up on `server`, opens the mailed verification link and signs in. */
export async function signUpOn(server: MemberApi, name: string): Promise<ProcessMember> {
  const email = `${name.toLowerCase()}-${randomUUID()}@example.com`;
  const password = 'pedal-pedal-42';
  const signup = await server.request('/api/v1/signup', {
    json: { username: name, email, password },
  });
  expect(signup.status).toBe(201);
  // The link, undoing the mail's quoted-printable soft breaks and '=' escapes.
  const mail = (await server.lastMailTo(email)).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const code = mail.match(/\/email-verified\?code=([^\s"<>&]+)/)?.[1];
  if (!code) throw new Error(`no verification link in the mail to ${email}`);
  const verified = await server.request('/api/v1/verify-email', {
    json: { code: decodeURIComponent(code) },
  });
  expect(verified.status).toBe(200);
  return signInOn(server, { email, password });
}

/** Another session of the member (a second device), on `server`. */
export async function signInOn(
  server: MemberApi,
  m: { email: string; password: string },
): Promise<ProcessMember> {
  const signin = await server.request('/api/v1/email-signin', {
    json: { email: m.email, password: m.password },
  });
  expect(signin.status).toBe(200);
  const body = (await signin.json()) as { user: { id: number } };
  const token = signin.headers.get('x-auth-token');
  if (!token) throw new Error('no session token');
  return { id: body.user.id, email: m.email, password: m.password, token };
}

/**
 * A /ride socket on `server` (no automatic reconnection: the test says where it goes);
 * resolves once connected, rejects with the connect_error's message.
 */
export function rideSocketOn(
  server: ServerProcess,
  token: string | null,
  transports: Array<'websocket' | 'polling'> = ['websocket'],
): Promise<ProcessRideClient> {
  return connectRide(server, token, transports).catch((err: Error) => {
    throw new Error(`could not connect to ${server.name}: ${err.message}`);
  });
}

/** How a socket ended: the ride-error said before, the reason, and how long after `from`. */
export type SocketEnd = { message: string; reason: string; afterMs: number };

/** Resolves when the server ends the socket (rejects if it is still open after `ms`). */
export function socketEnd(socket: ProcessRideClient, ms: number, from: () => number) {
  return new Promise<SocketEnd>((resolve, reject) => {
    let message = '';
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.on('ride-error', (e) => (message = e.message));
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ message, reason, afterMs: Date.now() - from() });
    });
  });
}

/** A round trip on the channel: the socket is still served. */
export async function stillServed(socket: ProcessRideClient): Promise<void> {
  expect(socket.connected).toBe(true);
  const ack = await socket
    .timeout(5000)
    .emitWithAck('initialize-race', { url: 'no-such-video', userId: 1 });
  expect(ack).toMatchObject({ ok: false });
}
