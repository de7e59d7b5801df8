import { MAX_REVOKED_PER_MESSAGE, type SessionsRevoked } from '@ridealong/contracts';
import { localBus, type InterServerBus } from './inter-server-bus.js';

/**
 * Sessions that ended (a logout, or all of a member's at a password reset), named by the
 * SHA-256 of their tokens.
 */
export type SessionRevocation = SessionsRevoked;

/**
 * Tells whoever holds connections opened with a session (the realtime layer's sockets) that it
 * ended, so they drop them at once instead of at the next reconnect, on every process: the
 * messages travel on the inter-server bus (Redis pub/sub with REDIS_URL).
 */
export interface SessionRevocations {
  /** Token hashes of any number of sessions; sent in messages of a bounded size. */
  publish(tokenHashes: readonly string[]): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (revocation: SessionRevocation) => void): () => void;
}

export function busRevocations(bus: InterServerBus): SessionRevocations {
  return {
    publish(tokenHashes) {
      for (let i = 0; i < tokenHashes.length; i += MAX_REVOKED_PER_MESSAGE) {
        bus.publish('sessions-revoked', {
          tokenHashes: tokenHashes.slice(i, i + MAX_REVOKED_PER_MESSAGE),
        });
      }
    },
    subscribe: (listener) => bus.subscribe('sessions-revoked', listener),
  };
}

/** One process on its own (tests that build a session store without an app). */
export const localRevocations = (): SessionRevocations => busRevocations(localBus());
