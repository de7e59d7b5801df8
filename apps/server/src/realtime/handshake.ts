import type { FastifyBaseLogger } from 'fastify';
import type { SessionReader } from './sessions.js';
import { socketSession, type SessionData } from './session-guard.js';

/** The connect_error message of a handshake without a live session (the v1 contract's words). */
export const PLEASE_LOG_IN = 'Please log in.';

/** Session tokens are 43 characters; anything far longer is not one and is not looked up. */
const MAX_TOKEN_LENGTH = 200;

/** The session token of a handshake (`auth: { token }`), or '' when there is none. */
export function handshakeToken(auth: unknown): string {
  const token =
    auth && typeof auth === 'object' && 'token' in auth && typeof auth.token === 'string'
      ? auth.token
      : '';
  return token.length <= MAX_TOKEN_LENGTH ? token : '';
}

type HandshakingSocket = { handshake: { auth: unknown }; data: Partial<SessionData> };

/**
 * The one handshake check of every namespace: the token must name a live session (not unknown,
 * expired or revoked), which the socket then carries as `socket.data.session`.
 */
export function sessionHandshake(sessions: Pick<SessionReader, 'live'>, log: FastifyBaseLogger) {
  return (socket: HandshakingSocket, next: (err?: Error) => void): void => {
    const token = handshakeToken(socket.handshake.auth);
    if (!token) return next(new Error(PLEASE_LOG_IN));
    sessions.live(token).then(
      (live) => {
        if (!live) return next(new Error(PLEASE_LOG_IN));
        socket.data.session = socketSession(live);
        next();
      },
      (err: unknown) => {
        log.error({ err }, 'socket handshake failed');
        next(new Error('Something went wrong on our side.'));
      },
    );
  };
}
