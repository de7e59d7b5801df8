import type {
  EventEndReason,
  GroupMember,
  GroupPointRelay,
  GroupRoomMember,
} from '@ridealong/contracts';
import type { GroupTransport } from './groupSocket';

// What a GroupSession shows (its snapshot, for useSyncExternalStore) and what it needs.

export type GroupPhase = 'joining' | 'waiting-room' | 'in-progress' | 'ended';
/** Why the page left the event: the server ended it, or refused the join (its message). */
export type GroupEnd = {
  reason: EventEndReason | 'refused';
  message: string;
  /**
   * Learned on joining again after this page was away, and not for the rider to act on: the
   * host's own absence ended the event (the host rules), or it ran out. The ride goes on alone.
   */
  quiet: boolean;
};

/** What the page shows of the event, replaced as a whole on each change. */
export type GroupSnapshot = {
  phase: GroupPhase;
  roomId: number;
  hostId: number | null;
  isHost: boolean;
  /**
   * The first GROUP.roomListMax riders present (the server lists no more), with their trainer
   * states where their clients report them.
   */
  members: readonly GroupRoomMember[];
  /** How many riders are present (more than `members` in a big event). */
  present: number;
  /** The host's Start on the server's clock; null before. */
  timeStart: number | null;
  duration: number | null;
  /** Server clock minus this page's, in ms; null until an answer measured it. */
  offsetMs: number | null;
  end: GroupEnd | null;
  /** The host's Start or Cancel is on its way. */
  busy: boolean;
  /** Why the host's last Start or Cancel was refused. */
  problem: string | null;
};

export type GroupSessionDeps = {
  transport: GroupTransport;
  roomId: number;
  self: GroupMember;
  /** Whether this page's trainer is connected as the session opens (reportTrainer after). */
  trainer?: boolean;
  now?: () => number;
  onRelay?: (relay: GroupPointRelay) => void;
};

/** A session's snapshot as it opens: joining, with only this page's rider known. */
export function joiningSnapshot(roomId: number, self: GroupMember): GroupSnapshot {
  return {
    phase: 'joining',
    roomId,
    hostId: null,
    isHost: false,
    members: [self],
    present: 1,
    timeStart: null,
    duration: null,
    offsetMs: null,
    end: null,
    busy: false,
    problem: null,
  };
}
