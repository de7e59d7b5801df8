import type { GroupServerToClient } from '@ridealong/contracts';
import type {
  GroupAnswer,
  GroupEventName,
  GroupPayload,
  GroupServerEvent,
  GroupTransport,
} from '../features/videos/group/groupSocket';

type Pending = { event: GroupEventName; payload: unknown; answer: (a: unknown) => void };

/**
 * A /group channel double for tests: requests wait until the test answers them, and the test
 * plays the server's events. Not a stub of behaviour: the session's logic runs unchanged.
 */
export class FakeGroupTransport implements GroupTransport {
  readonly pending: Pending[] = [];
  readonly sent: Array<{ event: GroupEventName; payload: unknown }> = [];
  private readonly handlers = new Map<string, Set<(p: never) => void>>();
  private readonly connectListeners = new Set<() => void>();
  isConnected = false;
  closed = false;

  request<K extends GroupEventName>(event: K, payload: GroupPayload<K>): Promise<GroupAnswer<K>> {
    return new Promise((resolve) => {
      this.pending.push({ event, payload, answer: (a) => resolve(a as GroupAnswer<K>) });
    });
  }

  send<K extends GroupEventName>(event: K, payload: GroupPayload<K>): void {
    if (this.isConnected) this.sent.push({ event, payload });
  }

  on<K extends GroupServerEvent>(event: K, listener: GroupServerToClient[K]): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(listener as (p: never) => void);
    this.handlers.set(event, set);
    return () => set.delete(listener as (p: never) => void);
  }

  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  connected = () => this.isConnected;

  close(): void {
    this.closed = true;
    this.isConnected = false;
  }

  /** The channel (re)connects. */
  connect(): void {
    this.isConnected = true;
    for (const listener of this.connectListeners) listener();
  }

  /** The server emits an event to this page. */
  emit<K extends GroupServerEvent>(event: K, payload: Parameters<GroupServerToClient[K]>[0]): void {
    for (const h of this.handlers.get(event) ?? []) (h as (p: typeof payload) => void)(payload);
  }

  /** Answers the oldest pending request of `event`; resolves after the session saw it. */
  async answer<K extends GroupEventName>(event: K, answer: GroupAnswer<K>): Promise<void> {
    const at = this.pending.findIndex((p) => p.event === event);
    const request = this.pending[at];
    if (!request) throw new Error(`no pending ${event}`);
    this.pending.splice(at, 1);
    request.answer(answer);
    // Lets the session's awaits after the answer run (microtasks only: works with fake timers).
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  }
}
