import { GROUP } from '@ridealong/contracts';
import type { GroupTransport } from './groupSocket';

/** A join's or pulse's payload: the room, and this page's trainer state once known. */
export type Presence = { roomId: number; trainer_connected?: boolean };

/**
 * This page's presence in an event: the identity pulse every GROUP.identityPulseMs once joined
 * (a rider who stops pulsing is taken as gone), carrying the trainer state once the page knows
 * it, and an extra pulse when that state changes.
 */
export class GroupPresence {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly transport: GroupTransport,
    private readonly roomId: number,
    /** The trainer state as last told (undefined: not reported, as a v1 app). */
    private trainer: boolean | undefined,
  ) {}

  payload(): Presence {
    const { roomId, trainer } = this;
    return trainer === undefined ? { roomId } : { roomId, trainer_connected: trainer };
  }

  /** Pulses from now on (once joined; again after a rejoin is a no-op). */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(
      () => this.transport.send('group-identity-pulse', this.payload()),
      GROUP.identityPulseMs,
    );
  }

  /**
   * A new trainer state: pulsed at once while pulsing and `live` (the event not over); before
   * the join, the join carries it.
   */
  report(connected: boolean, live: boolean): void {
    if (this.trainer === connected) return;
    this.trainer = connected;
    if (this.timer !== undefined && live) {
      this.transport.send('group-identity-pulse', this.payload());
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
