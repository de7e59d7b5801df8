import type { FastifyBaseLogger } from 'fastify';
import type { LiveSession, SessionReader } from './sessions.js';

/** The session a socket was opened with: the socket ends with it. */
export type SocketSession = { tokenHash: string; userId: number; expiresAt: Date };
export type SessionData = { session: SocketSession };

/** What a namespace tells a socket before the server ends it because its session ended. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/** setTimeout's limit (about 24.8 days); a later expiry is reached in several steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const socketSession = (live: LiveSession): SocketSession => ({
  tokenHash: live.tokenHash,
  userId: live.user.id,
  expiresAt: live.expiresAt,
});

/** Every socket of a session is in this room of its namespace (revocations name sessions). */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

/** What ending a socket needs of it. */
export type EndableSocket = {
  readonly connected: boolean;
  disconnect(close?: boolean): unknown;
};

/**
 * Says why (the namespace's goodbye), then ends the connection; a server-side disconnect is
 * one the client does not retry by itself. Ending an ended socket does nothing.
 */
export function endSocket(socket: EndableSocket, sayGoodbye: () => void): void {
  if (!socket.connected) return;
  sayGoodbye();
  socket.disconnect(true);
}

type GuardedSocket = {
  data: SessionData;
  on(event: 'disconnect', listener: () => void): unknown;
};

/**
 * Covers what the published revocations cannot: a logout published while this socket's
 * handshake was being checked (it was not yet in its session's room, so nobody ended it; the
 * revocation was stored before it was published, so asking again once connected sees it), and
 * a session that simply expires while connected. `end` ends the socket (see endSocket).
 */
export function guardSession(
  socket: GuardedSocket,
  token: string,
  sessions: Pick<SessionReader, 'live'>,
  log: FastifyBaseLogger,
  end: () => void,
): void {
  sessions.live(token).then(
    (live) => {
      if (!live || live.tokenHash !== socket.data.session.tokenHash) end();
    },
    (err: unknown) => log.error({ err }, 'socket session re-check failed'),
  );
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const left = socket.data.session.expiresAt.getTime() - Date.now();
    if (left <= 0) return end();
    timer = setTimeout(tick, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  tick();
  socket.on('disconnect', () => clearTimeout(timer));
}
