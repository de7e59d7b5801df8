import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveSession } from '../modules/accounts/sessions.js';
import { handshakeToken, PLEASE_LOG_IN, sessionHandshake } from './handshake.js';
import type { SessionData } from './session-guard.js';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('handshakeToken', () => {
  it('reads auth.token', () => {
    expect(handshakeToken({ token: 'abc' })).toBe('abc');
  });

  it.each([
    ['no auth', undefined],
    ['null auth', null],
    ['a string as auth', 'abc'],
    ['no token', {}],
    ['a number', { token: 42 }],
    ['an object', { token: { $ne: '' } }],
    ['an array', { token: ['abc'] }],
    ['a token far too long to be one', { token: 'a'.repeat(201) }],
  ])('is empty for %s', (_why, auth) => {
    expect(handshakeToken(auth)).toBe('');
  });
});

/** Runs the middleware once; resolves with the error it passed to next (or null). */
function handshake(auth: unknown, live: (token: string) => Promise<LiveSession | null>) {
  const socket: { handshake: { auth: unknown }; data: Partial<SessionData> } = {
    handshake: { auth },
    data: {},
  };
  const lookups: string[] = [];
  const check = sessionHandshake(
    {
      live: (token) => {
        lookups.push(token);
        return live(token);
      },
    },
    log,
  );
  return new Promise<{ error: Error | null; socket: typeof socket; lookups: string[] }>((resolve) =>
    check(socket, (error) => resolve({ error: error ?? null, socket, lookups })),
  );
}

const liveSession = {
  tokenHash: 'f'.repeat(64),
  user: { id: 9 },
  expiresAt: new Date('2030-01-01T00:00:00Z'),
} as unknown as LiveSession;

describe('sessionHandshake', () => {
  it('lets a live session in and puts it on the socket', async () => {
    const out = await handshake({ token: 'good' }, () => Promise.resolve(liveSession));
    expect(out.error).toBeNull();
    expect(out.socket.data.session).toEqual({
      tokenHash: 'f'.repeat(64),
      userId: 9,
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    });
  });

  it('refuses an unknown, expired or revoked token with the contract’s message', async () => {
    const out = await handshake({ token: 'gone' }, () => Promise.resolve(null));
    expect(out.error?.message).toBe(PLEASE_LOG_IN);
    expect(out.socket.data.session).toBeUndefined();
  });

  it('refuses a missing token without asking the session store', async () => {
    const out = await handshake({}, () => Promise.resolve(liveSession));
    expect(out.error?.message).toBe(PLEASE_LOG_IN);
    expect(out.lookups).toEqual([]);
  });

  it('answers a failing session store without details', async () => {
    const out = await handshake({ token: 'x' }, () => Promise.reject(new Error('db down')));
    expect(out.error?.message).toBe('Something went wrong on our side.');
  });
});
