import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { SessionRevocation } from '../accounts/revocations.js';
import type { LiveSession, SessionStore } from '../accounts/sessions.js';

/** The session a socket was opened with: the socket ends with it. */
export type SocketSession = { tokenHash: string; userId: number; expiresAt: Date };
export type SessionData = { session: SocketSession };

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/** setTimeout's limit (about 24.8 days); a later expiry is reached in several steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const socketSession = (live: LiveSession): SocketSession => ({
  tokenHash: live.tokenHash,
  userId: live.user.id,
  expiresAt: live.expiresAt,
});

export const endedBy = (r: SessionRevocation, s: SocketSession) =>
  r.kind === 'session' ? r.tokenHash === s.tokenHash : r.userId === s.userId;

type GuardedSocket = Pick<Socket, 'emit' | 'disconnect' | 'on' | 'connected'> & {
  data: SessionData;
};

/** Says why, then ends the connection (the client does not reconnect by itself after this). */
export function endSocket(socket: GuardedSocket): void {
  if (!socket.connected) return;
  socket.emit('ride-error', { event: 'session', message: SESSION_ENDED_MESSAGE });
  socket.disconnect(true);
}

/**
 * Covers what the published revocations cannot: a logout published while this socket's
 * handshake was being checked (it was not yet in the namespace, so nobody ended it; the
 * revocation was stored before it was published, so asking again once connected sees it), and
 * a session that simply expires while connected.
 */
export function guardSession(
  socket: GuardedSocket,
  token: string,
  sessions: Pick<SessionStore, 'live'>,
  log: FastifyBaseLogger,
): void {
  sessions.live(token).then(
    (live) => {
      if (!live || live.tokenHash !== socket.data.session.tokenHash) endSocket(socket);
    },
    (err: unknown) => log.error({ err }, 'ride session re-check failed'),
  );
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const left = socket.data.session.expiresAt.getTime() - Date.now();
    if (left <= 0) return endSocket(socket);
    timer = setTimeout(tick, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  tick();
  socket.on('disconnect', () => clearTimeout(timer));
}
