import {
  GROUP_MESSAGES,
  type GroupMember,
  type GroupPoint,
  type GroupRoomState,
  type GroupStartRace,
} from '@ridealong/contracts';
import { betterSample, clockSample, type ClockSample } from './groupClock';
import { membersReducer, type MembersAction } from './groupMembers';
import { GroupPresence } from './groupPresence';
import {
  joiningSnapshot,
  type GroupEnd,
  type GroupSessionDeps,
  type GroupSnapshot,
} from './groupSnapshot';

export type { GroupEnd, GroupPhase, GroupSessionDeps, GroupSnapshot } from './groupSnapshot';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : 'Something went wrong.');
/** What the server answers when it failed (not refused): the request may be asked again. */
const SERVER_FAILURE = 'Something went wrong on our side.';

/**
 * One page in one event over the /group channel (document 001 section 7): joins (again after
 * every reconnect), pulses its identity every 3 s, follows who is there, the start and the
 * cancel, and measures the server's clock from the answers that carry it. The page (the hook)
 * decides what to do with the ride; this knows nothing of the video.
 */
export class GroupSession {
  private snapshot: GroupSnapshot;
  private clock: ClockSample | null = null;
  /** The identity pulse, with this page's trainer state. */
  private readonly presence: GroupPresence;
  private joinRetry: ReturnType<typeof setTimeout> | undefined;
  private joinAttempts = 0;
  private readonly listeners = new Set<() => void>();
  private readonly off: Array<() => void>;
  private readonly now: () => number;
  private disposed = false;

  constructor(private readonly deps: GroupSessionDeps) {
    this.now = deps.now ?? Date.now;
    this.presence = new GroupPresence(deps.transport, deps.roomId, deps.trainer);
    this.snapshot = joiningSnapshot(deps.roomId, deps.self);
    const { transport, roomId } = deps;
    const here = (p: { roomId: number }) => p.roomId === roomId && this.snapshot.end === null;
    this.off = [
      // The room is the socket's: a new connection joins it again.
      transport.onConnect(() => void this.join()),
      transport.on('group-identity-pulse', (p) => {
        if (!here(p)) return;
        const { trainer_connected } = p;
        const member =
          trainer_connected === undefined ? p.user_info : { ...p.user_info, trainer_connected };
        this.members({ type: 'seen', member });
      }),
      transport.on('group-leave-room', (p) => {
        if (here(p)) this.members({ type: 'left', id: p.user_info.id });
      }),
      transport.on('group-point-pulse', (p) => {
        if (here(p)) deps.onRelay?.(p);
      }),
      transport.on('group-start-race', (p) => {
        if (here(p)) this.started(p, null);
      }),
      transport.on('group-cancel', (p) => {
        if (p.roomId === roomId)
          this.finish({ reason: p.reason, message: GROUP_MESSAGES.canceled, quiet: false });
      }),
      // Document 001: a group error is only logged.
      transport.on('group-error', (p) => console.warn('group-error', p.event, p.message)),
    ];
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): GroupSnapshot => this.snapshot;

  /** The server's clock now, by the best measurement so far. */
  serverNow(): number {
    return this.now() + (this.snapshot.offsetMs ?? 0);
  }

  private update(patch: Partial<GroupSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private members(action: MembersAction): void {
    const before = this.snapshot.members;
    const members = membersReducer(before, action);
    if (members === before) return;
    // The count follows who comes and goes; it is never below the list.
    const present = Math.max(
      members.length,
      this.snapshot.present + members.length - before.length,
    );
    this.update({ members, present });
  }

  private measure(serverNow: number, sentAt: number, receivedAt: number): void {
    this.clock = betterSample(this.clock, clockSample(serverNow, sentAt, receivedAt));
    if (this.clock.offsetMs !== this.snapshot.offsetMs)
      this.update({ offsetMs: this.clock.offsetMs });
  }

  /** group-join-room; its answer is the room as it is now (also after a reconnect). */
  async join(): Promise<void> {
    if (this.disposed || this.snapshot.end) return;
    clearTimeout(this.joinRetry);
    const { transport, self } = this.deps;
    const sentAt = this.now();
    try {
      const answer = await transport.request('group-join-room', this.presence.payload());
      if (this.disposed || this.snapshot.end) return;
      // The server's own failure (not a refusal of this join): asked again shortly.
      if (!answer.ok && answer.message === SERVER_FAILURE) return this.joinAgain(answer.message);
      if (!answer.ok) return await this.refused(answer.message);
      this.joinAttempts = 0;
      this.measure(answer.serverNow, sentAt, this.now());
      this.entered(answer, self);
    } catch (e) {
      // No answer in time: asked again while connected (and on every reconnect anyway).
      this.joinAgain(messageOf(e));
    }
  }

  /** Joins again after a backoff (1 s doubling to 8 s): a rider not joined is not present. */
  private joinAgain(why: string): void {
    console.warn('group-join-room', why);
    if (this.disposed || this.snapshot.end) return;
    const delay = Math.min(8000, 1000 * 2 ** this.joinAttempts);
    this.joinAttempts += 1;
    clearTimeout(this.joinRetry);
    this.joinRetry = setTimeout(() => {
      if (this.deps.transport.connected()) void this.join();
    }, delay);
  }

  private entered(state: GroupRoomState, self: GroupMember): void {
    const members = membersReducer(membersReducer([], { type: 'joined', members: state.members }), {
      type: 'seen',
      member: self,
    });
    this.update({
      members,
      present: Math.max(state.present, members.length),
      hostId: state.host_user,
      isHost: state.host_user === self.id,
    });
    if (state.status === 'complete') {
      return this.finish({
        reason: state.end_reason ?? 'finished',
        message: state.end_reason === 'canceled' ? GROUP_MESSAGES.canceled : 'This event is over.',
        quiet: false,
      });
    }
    if (state.status === 'in-progress' && state.timeStart !== null) {
      this.started({ ...state, timeStart: state.timeStart }, null);
    } else if (this.snapshot.phase === 'joining') {
      this.update({ phase: 'waiting-room' });
    }
    this.presence.start();
  }

  /**
   * A refused join. Joining again after a reconnect, the event may have ended meanwhile: a
   * member is told of the host's cancel as if it had come live; anything else (the host's own
   * absence canceled it, it ran out or was abandoned) ends group mode quietly.
   */
  private async refused(message: string): Promise<void> {
    const { transport, roomId } = this.deps;
    const rejoin = this.snapshot.phase !== 'joining';
    const check = await transport.request('group-check-room', { roomId }).catch(() => null);
    const ended = check?.ok && check.status === 'complete' ? check.end_reason : null;
    if (ended === 'canceled' && !(rejoin && this.snapshot.isHost)) {
      return this.finish({ reason: 'canceled', message: GROUP_MESSAGES.canceled, quiet: false });
    }
    this.finish({ reason: ended ?? 'refused', message, quiet: rejoin });
  }

  private started(
    p: Pick<GroupStartRace, 'timeStart' | 'duration' | 'serverNow'>,
    sentAt: number | null,
  ): void {
    const receivedAt = this.now();
    if (sentAt !== null) this.measure(p.serverNow, sentAt, receivedAt);
    // A broadcast has no round trip: it sets the clock only when nothing measured it yet.
    else if (this.clock === null) this.update({ offsetMs: p.serverNow - receivedAt });
    if (this.snapshot.phase === 'in-progress' && this.snapshot.timeStart === p.timeStart) return;
    this.update({ phase: 'in-progress', timeStart: p.timeStart, duration: p.duration });
  }

  /**
   * This page's trainer connected or went: the room hears it at once (a pulse now, not at the
   * next one), so the host sees who is ready. Before the join, the join carries it.
   */
  reportTrainer(connected: boolean): void {
    this.presence.report(connected, this.snapshot.end === null);
  }

  private finish(end: GroupEnd): void {
    if (this.snapshot.end) return;
    this.presence.stop();
    clearTimeout(this.joinRetry);
    this.update({ phase: 'ended', end, busy: false });
  }

  /** The host's Start: the server sets the start time and tells the whole room. */
  async start(duration: number | undefined): Promise<void> {
    if (!this.snapshot.isHost || this.snapshot.phase !== 'waiting-room' || this.snapshot.busy)
      return;
    const { transport, roomId } = this.deps;
    this.update({ busy: true, problem: null });
    const sentAt = this.now();
    try {
      const answer = await transport.request('group-start-race', { roomId, duration });
      if (!answer.ok) return this.update({ busy: false, problem: answer.message });
      this.update({ busy: false });
      this.started(answer, sentAt);
    } catch (e) {
      this.update({ busy: false, problem: messageOf(e) });
    }
  }

  /** The host's Cancel: the server tells the whole room (this page too) with group-cancel. */
  async cancel(): Promise<void> {
    if (!this.snapshot.isHost || this.snapshot.end || this.snapshot.busy) return;
    this.update({ busy: true, problem: null });
    try {
      const answer = await this.deps.transport.request('group-cancel', {
        roomId: this.deps.roomId,
      });
      this.update({ busy: false, problem: answer.ok ? null : answer.message });
    } catch (e) {
      this.update({ busy: false, problem: messageOf(e) });
    }
  }

  /** The rider's latest second, sent every second while riding (the relay ranks it). */
  pointPulse(point: GroupPoint): void {
    if (this.snapshot.phase !== 'in-progress') return;
    this.deps.transport.send('group-point-pulse', { roomId: this.deps.roomId, point });
  }

  /**
   * Leaves the event (group-leave-room: the server applies the host rules) unless it ended,
   * then closes the channel.
   */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.presence.stop();
    clearTimeout(this.joinRetry);
    const { transport, roomId } = this.deps;
    if (!this.snapshot.end) transport.send('group-leave-room', { roomId });
    for (const off of this.off) off();
    this.listeners.clear();
    transport.close();
  }
}
