import { GROUP, type GroupMember, type GroupPoint } from '@ridealong/contracts';
import type { LivePoint } from './ranking.js';
import type { SocketRegistry } from './socket-registry.js';

/**
 * What is live in an event and changes every second (docs/group.md): who is present, each
 * rider's reported trainer state and latest point. Not in the database: a write per rider per second would be the
 * database's whole load. Redis with REDIS_URL, so every process sees every rider; memory
 * without (one process).
 */
export type LiveStore = {
  /** True when every process reads the same store, so a worker's presence reads mean something. */
  readonly shared: boolean;
  /**
   * Since when (ms) the store has known presence: its start, or its last reconnection to
   * Redis (a restarted Redis has lost every presence). An absence shorter than that is not
   * yet an absence: riders are reconnecting.
   */
  knownSince: () => number;
  /**
   * The member was heard from at `atMs` (an identity or point pulse, a join), with their
   * trainer's state when their client reported it, in one write (one Redis round trip).
   * Presence entries older than LIVE_TTL_MS.presence (at `atMs`) are trimmed in the same write,
   * each with its member's trainer state: a state lives exactly as long as its member's
   * presence entry, so a rider back after that long starts with none (a v1 app is then 'not
   * reported', never a stale state).
   */
  touch: (eventId: number, userId: number, atMs: number, trainer?: boolean) => Promise<void>;
  /**
   * The trainer states of these members (the room state's listed riders, at most
   * GROUP.roomListMax), by member; a member without one (never reported, or trimmed) is absent.
   */
  trainers: (eventId: number, userIds: readonly number[]) => Promise<Map<number, boolean>>;
  /** Members heard from at `sinceMs` or later. */
  present: (eventId: number, sinceMs: number) => Promise<number[]>;
  /** The member's latest point, replacing the one before. */
  setPoint: (eventId: number, member: GroupMember, point: GroupPoint) => Promise<void>;
  /** Every rider's latest point of the event (one read). */
  points: (eventId: number) => Promise<LivePoint[]>;
  /** The member left the event: no longer present, no longer ranked. */
  forget: (eventId: number, userId: number) => Promise<void>;
  /** The event is over: everything live about it goes. */
  drop: (eventId: number) => Promise<void>;
  /** The /group sockets open, for the per-member limits and the crowd bound. */
  sockets: SocketRegistry;
  close: () => Promise<void>;
};

/**
 * How long what nobody refreshes is kept. Presence older than the timeout means absent, so a
 * few timeouts is plenty; points outlive a pause (a rider who stopped pedalling still ranks).
 */
export const LIVE_TTL_MS = {
  presence: GROUP.presenceTimeoutMs * 6,
  points: 60 * 60_000,
} as const;
