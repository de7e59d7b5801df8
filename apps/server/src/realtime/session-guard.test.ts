import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveSession } from '../modules/accounts/sessions.js';
import { endSocket, guardSession, sessionRoom, type SocketSession } from './session-guard.js';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

/** A socket double: records the goodbyes it was told and whether it was ended. */
function fakeSocket(session: SocketSession) {
  const listeners = new Map<string, () => void>();
  const socket = {
    connected: true,
    data: { session },
    goodbyes: 0,
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
  const end = () =>
    endSocket(socket, () => {
      socket.goodbyes += 1;
    });
  return { socket, end };
}

const session = (expiresInMs: number): SocketSession => ({
  tokenHash: 'h1',
  userId: 7,
  expiresAt: new Date(Date.now() + expiresInMs),
});
const live = (tokenHash: string) =>
  ({ tokenHash, user: { id: 7 }, expiresAt: new Date() }) as unknown as LiveSession;

describe('endSocket', () => {
  it('says goodbye once, then disconnects; an ended socket is left alone', () => {
    const { socket, end } = fakeSocket(session(60_000));
    end();
    end();
    expect(socket.connected).toBe(false);
    expect(socket.goodbyes).toBe(1);
  });
});

describe('sessionRoom', () => {
  it('names one room per session token hash', () => {
    expect(sessionRoom('ab12')).toBe('session:ab12');
    expect(sessionRoom('ab12')).not.toBe(sessionRoom('ab13'));
  });
});

describe('guardSession', () => {
  afterEach(() => vi.useRealTimers());

  it('ends a socket whose session was revoked while its handshake was checked', async () => {
    const { socket, end } = fakeSocket(session(60_000));
    guardSession(socket, 'token', { live: () => Promise.resolve(null) }, log, end);
    await vi.waitFor(() => expect(socket.connected).toBe(false));
    expect(socket.goodbyes).toBe(1);
  });

  it('ends a socket whose token now names another session', async () => {
    const { socket, end } = fakeSocket(session(60_000));
    guardSession(socket, 'token', { live: () => Promise.resolve(live('h2')) }, log, end);
    await vi.waitFor(() => expect(socket.connected).toBe(false));
  });

  it('keeps a socket whose session is still live', async () => {
    const { socket, end } = fakeSocket(session(60_000));
    const check = vi.fn(() => Promise.resolve(live('h1')));
    guardSession(socket, 'token', { live: check }, log, end);
    await vi.waitFor(() => expect(check).toHaveBeenCalled());
    await Promise.resolve();
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it('ends a socket when its session expires, also beyond one timer', () => {
    vi.useFakeTimers();
    const days = 40 * 86_400_000;
    const { socket, end } = fakeSocket(session(days));
    guardSession(socket, 'token', { live: () => new Promise(() => undefined) }, log, end);
    vi.advanceTimersByTime(days - 1000);
    expect(socket.connected).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(socket.connected).toBe(false);
    expect(socket.goodbyes).toBe(1);
  });
});
