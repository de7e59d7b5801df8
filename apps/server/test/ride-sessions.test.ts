import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { SESSION_ENDED_MESSAGE } from '../src/modules/ride/channel.js';
import { backends, linkFrom, startServer, type TestServer } from './harness.js';
import { LENIENT_LIMITS, signIn, signUpMember } from './billing-fixtures.js';
import { connectRide, rideSockets, type RideClient } from './ride-fixtures.js';

/** Resolves with the socket's ride-error message when the server ends it within `ms`. */
function endedWithin(socket: RideClient, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let message = '';
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.on('ride-error', (e) => (message = e.message));
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      expect(reason).toBe('io server disconnect');
      resolve(message);
    });
  });
}

/** A round trip on the channel: the socket is still served. */
async function stillServed(socket: RideClient): Promise<void> {
  expect(socket.connected).toBe(true);
  const ack = await socket
    .timeout(2000)
    .emitWithAck('initialize-race', { url: 'no-such-video', userId: 1 });
  expect(ack).toMatchObject({ ok: false });
}

describe.each(backends)('ride sockets end with their session ($name)', (backend) => {
  let s: TestServer;
  const sockets = rideSockets(() => s);
  beforeAll(async () => {
    s = await startServer(backend, LENIENT_LIMITS);
  });
  afterAll(async () => {
    sockets.closeAll();
    await s.close();
  });

  it('logout disconnects that session’s sockets within 2 s, and only those', async () => {
    const m = await signUpMember(s);
    const other = await signIn(s, m.email);
    const stranger = await signUpMember(s);
    const [mine, mySecond, theirs] = [
      await sockets.connect(m),
      await sockets.connect(other),
      await sockets.connect(stranger),
    ];
    const ended = endedWithin(mine, 2000);
    expect((await s.post('/api/v1/logout', {}, m.token)).status).toBe(200);
    expect(await ended).toBe(SESSION_ENDED_MESSAGE);
    await stillServed(mySecond);
    await stillServed(theirs);
    await expect(connectRide(s, m.token)).rejects.toThrow('Please log in.');
  });

  it('a password reset disconnects every session of the member within 2 s', async () => {
    const m = await signUpMember(s);
    const second = await signIn(s, m.email);
    const stranger = await signUpMember(s);
    const mine = [await sockets.connect(m), await sockets.connect(second)];
    const theirs = await sockets.connect(stranger);
    const ended = mine.map((socket) => endedWithin(socket, 2000));

    expect((await s.post('/api/v1/initiate-password-recovery', { email: m.email })).status).toBe(
      200,
    );
    const link = linkFrom(await s.lastMailTo(m.email), '/change-password/');
    const code = decodeURIComponent(link.split('/change-password/')[1] ?? '');
    const reset = await s.post('/api/v1/update-password', {
      password: 'newpass1',
      password_confirmation: 'newpass1',
      code,
    });
    expect(reset.status).toBe(200);
    expect(await Promise.all(ended)).toEqual([SESSION_ENDED_MESSAGE, SESSION_ENDED_MESSAGE]);
    await stillServed(theirs);
  });

  it('a session that expires while connected ends its sockets', async () => {
    const m = await signUpMember(s);
    const shortLived = await sessionStore(s.database.db, 1500).create(m.id);
    const socket = await sockets.connect({ token: shortLived });
    expect(await endedWithin(socket, 4000)).toBe(SESSION_ENDED_MESSAGE);
  });
});
