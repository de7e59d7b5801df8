import type { UserRow } from '../db/schema.js';
import type { SessionRevocations } from './session-revocations.js';

/** A live session: its member, the hash that names it in revocations, and when it ends. */
export type LiveSession = { user: UserRow; tokenHash: string; expiresAt: Date };

/**
 * What the API's auth hook and the sockets' handshake need of sessions; the accounts module's
 * session store (modules/accounts/sessions.ts) is one.
 */
export type SessionReader = {
  live(token: string): Promise<LiveSession | null>;
  resolve(token: string): Promise<UserRow | null>;
  revocations: SessionRevocations;
};
