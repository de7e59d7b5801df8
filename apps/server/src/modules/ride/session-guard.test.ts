import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveSession } from '../accounts/sessions.js';
import { guardSession, SESSION_ENDED_MESSAGE, type SocketSession } from './session-guard.js';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

/** A socket double: records what was emitted and whether it was ended. */
function fakeSocket(session: SocketSession) {
  const listeners = new Map<string, () => void>();
  const socket = {
    connected: true,
    data: { session },
    emitted: [] as unknown[],
    emit(event: string, payload: unknown) {
      socket.emitted.push([event, payload]);
      return true;
    },
    disconnect() {
      socket.connected = false;
      listeners.get('disconnect')?.();
      return socket;
    },
    on(event: string, fn: () => void) {
      listeners.set(event, fn);
      return socket;
    },
  };
  return socket;
}

const session = (expiresInMs: number): SocketSession => ({
  tokenHash: 'h1',
  userId: 7,
  expiresAt: new Date(Date.now() + expiresInMs),
});
const live = (tokenHash: string) =>
  ({ tokenHash, user: { id: 7 }, expiresAt: new Date() }) as unknown as LiveSession;

describe('guardSession', () => {
  afterEach(() => vi.useRealTimers());

  it('ends a socket whose session was revoked while its handshake was checked', async () => {
    const socket = fakeSocket(session(60_000));
    guardSession(socket as never, 'token', { live: () => Promise.resolve(null) }, log);
    await vi.waitFor(() => expect(socket.connected).toBe(false));
    expect(socket.emitted).toEqual([
      ['ride-error', { event: 'session', message: SESSION_ENDED_MESSAGE }],
    ]);
  });

  it('keeps a socket whose session is still live', async () => {
    const socket = fakeSocket(session(60_000));
    const check = vi.fn(() => Promise.resolve(live('h1')));
    guardSession(socket as never, 'token', { live: check }, log);
    await vi.waitFor(() => expect(check).toHaveBeenCalled());
    await Promise.resolve();
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it('ends a socket when its session expires, also beyond one timer', () => {
    vi.useFakeTimers();
    const days = 40 * 86_400_000;
    const socket = fakeSocket(session(days));
    guardSession(socket as never, 'token', { live: () => new Promise(() => undefined) }, log);
    vi.advanceTimersByTime(days - 1000);
    expect(socket.connected).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(socket.connected).toBe(false);
  });
});
