import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/db/schema.js';
import { sha256 } from '../src/lib/secrets.js';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { SESSION_ENDED_MESSAGE } from '../src/realtime/session-guard.js';
import { backends, startServer, type TestServer } from './harness.js';
import { member } from './races-fixtures.js';
import { connectRide, rideSockets } from './ride-fixtures.js';

/**
 * The realtime layer's one handshake check (realtime/handshake.ts), from outside: whatever a
 * client puts in `auth`, only a live session's token opens a socket, on the namespaces
 * modules registered and nowhere else.
 */

/** A connection attempt with any `auth` on any namespace: null when it connected, else the error. */
function attempt(
  s: TestServer,
  namespace: string,
  auth: Record<string, unknown>,
  transports: Array<'websocket' | 'polling'> = ['websocket'],
): Promise<string | null> {
  const socket = io(s.baseUrl + namespace, {
    auth,
    transports,
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve(null);
    });
    socket.once('connect_error', (err) => {
      socket.close();
      resolve(err.message);
    });
  });
}

describe.each(backends)('the realtime handshake on $name', (backend) => {
  let s: TestServer;
  const sockets = rideSockets(() => s);
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => {
    sockets.closeAll();
    await s.close();
  });

  it('refuses a handshake without a token or with a forged one', async () => {
    const { token } = await member(s);
    const forged = [
      {},
      { token: '' },
      { token: 'not-a-session-token' },
      // A live token's hash is not the token.
      { token: sha256(token) },
      { token: `${token}x` },
      { token: token.slice(0, -1) },
      { token: 42 },
      { token: { $ne: null } },
      { token: [token] },
      { token: token.padEnd(5000, 'a') },
    ];
    for (const auth of forged) {
      expect(await attempt(s, '/ride', auth), JSON.stringify(auth).slice(0, 80)).toBe(
        'Please log in.',
      );
    }
    expect(await attempt(s, '/ride', { token })).toBeNull();
  });

  it('refuses an expired session’s token', async () => {
    const m = await member(s);
    const expired = await sessionStore(s.database.db, 3600_000).create(m.user.id);
    await s.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(expired)));
    expect(await attempt(s, '/ride', { token: expired })).toBe('Please log in.');
  });

  it('refuses a revoked token reconnecting, on every transport', async () => {
    const m = await member(s);
    const socket = await sockets.connect(m);
    const ended = new Promise<string>((resolve) => {
      let said = '';
      socket.on('ride-error', (e) => (said = e.message));
      socket.once('disconnect', () => resolve(said));
    });
    expect((await s.post('/api/v1/logout', {}, m.token)).status).toBe(200);
    expect(await ended).toBe(SESSION_ENDED_MESSAGE);
    for (const transports of [['websocket'], ['polling']] as const) {
      expect(await attempt(s, '/ride', { token: m.token }, [...transports])).toBe('Please log in.');
    }
    await expect(connectRide(s, m.token)).rejects.toThrow('Please log in.');
  });

  it('serves only the namespaces modules registered', async () => {
    const { token } = await member(s);
    expect(await attempt(s, '/', { token })).toBe('Connect to the /ride or /group namespace.');
    expect(await attempt(s, '/group', { token })).toBeNull();
    expect(await attempt(s, '/admin', { token })).toBe('Invalid namespace');
  });

  it('lets a live session in over long-polling too (a balancer then needs sticky sessions)', async () => {
    const { token } = await member(s);
    expect(await attempt(s, '/ride', { token }, ['polling'])).toBeNull();
  });
});
