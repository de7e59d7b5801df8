/**
 * Which /group sockets are open, counted for the per-member limits and the identity relay's
 * crowd bound (docs/group.md 'Socket limits'). A scope is a set of socket ids: every socket of
 * a member, a member's sockets in one event, every socket in one event. Each entry lives
 * SOCKET_TTL_MS unless the process holding the socket refreshes it (every
 * SOCKET_REFRESH_MS), so the sockets of a process that died stop counting after a while.
 * In the live store: Redis with REDIS_URL (every process counts the same sockets), memory
 * without.
 */
export type SocketRegistry = {
  /**
   * Puts the socket in the scope unless `limit` other live sockets are there; true when it
   * is in (a socket already there is refreshed and stays in).
   */
  admit: (scope: string, socketId: string, limit: number, atMs: number) => Promise<boolean>;
  release: (scope: string, socketId: string) => Promise<void>;
  /** Live sockets of the scope at `atMs`. */
  count: (scope: string, atMs: number) => Promise<number>;
  /** The process still holds these sockets: they live another SOCKET_TTL_MS. */
  refresh: (entries: ReadonlyArray<SocketEntry>, atMs: number) => Promise<void>;
};

export type SocketEntry = { scope: string; socketId: string };

export const SOCKET_TTL_MS = 60_000;
export const SOCKET_REFRESH_MS = 20_000;

/** The scopes: a member's sockets, a member's sockets in an event, an event's sockets. */
export const memberScope = (userId: number) => `member:${userId}`;
export const memberEventScope = (eventId: number, userId: number) =>
  `event:{${eventId}}:member:${userId}`;
export const eventScope = (eventId: number) => `event:{${eventId}}`;

/** The registry of one process (no REDIS_URL); a scope goes with its last socket. */
export function memorySocketRegistry(): SocketRegistry {
  const scopes = new Map<string, Map<string, number>>();
  const live = (scope: string, atMs: number): Map<string, number> | undefined => {
    const entries = scopes.get(scope);
    if (!entries) return undefined;
    for (const [id, until] of entries) if (until <= atMs) entries.delete(id);
    if (entries.size === 0) scopes.delete(scope);
    return entries.size === 0 ? undefined : entries;
  };
  return {
    async admit(scope, socketId, limit, atMs) {
      const entries = live(scope, atMs) ?? new Map<string, number>();
      if (!entries.has(socketId) && entries.size >= limit) return false;
      entries.set(socketId, atMs + SOCKET_TTL_MS);
      scopes.set(scope, entries);
      return true;
    },
    async release(scope, socketId) {
      const entries = scopes.get(scope);
      entries?.delete(socketId);
      if (entries?.size === 0) scopes.delete(scope);
    },
    async count(scope, atMs) {
      return live(scope, atMs)?.size ?? 0;
    },
    async refresh(entries, atMs) {
      for (const { scope, socketId } of entries) {
        const held = scopes.get(scope);
        if (held?.has(socketId)) held.set(socketId, atMs + SOCKET_TTL_MS);
      }
    },
  };
}
