import { EventEmitter } from 'node:events';

/** A session that ended (logout) or every session of a member (password reset). */
export type SessionRevocation =
  { kind: 'session'; tokenHash: string } | { kind: 'user'; userId: number };

/**
 * Tells whoever holds connections opened with a session (the `/ride` sockets) that it ended,
 * so they drop them at once instead of at the next reconnect. In one process this is an event
 * emitter; the scale-out issue carries the same messages between processes.
 */
export interface SessionRevocations {
  publish(revocation: SessionRevocation): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (revocation: SessionRevocation) => void): () => void;
}

export function localRevocations(): SessionRevocations {
  const bus = new EventEmitter();
  // Each attached channel adds one listener; there is no fixed maximum to warn about.
  bus.setMaxListeners(0);
  return {
    publish: (r) => void bus.emit('revoked', r),
    subscribe: (listener) => {
      bus.on('revoked', listener);
      return () => void bus.off('revoked', listener);
    },
  };
}
