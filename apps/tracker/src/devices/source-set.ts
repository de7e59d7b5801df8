import type { AdapterStatus, TrackerAck, TrackerTransport } from '@ridealong/contracts';
import { errorMessage, type Logger } from '../log.js';
import { fail, ok } from './device-entry.js';
import type { DeviceSource } from './source.js';

/** The sources by transport, and what is done to all of them at once. */
export class SourceSet {
  private readonly byTransport = new Map<TrackerTransport, DeviceSource>();

  constructor(
    sources: readonly DeviceSource[],
    private readonly log: Logger,
  ) {
    for (const s of sources) this.byTransport.set(s.transport, s);
  }

  get(transport: TrackerTransport): DeviceSource | undefined {
    return this.byTransport.get(transport);
  }

  /** Adds and starts a source while running (one per transport: a second is ignored). */
  async add(source: DeviceSource): Promise<void> {
    if (this.byTransport.has(source.transport)) return;
    this.byTransport.set(source.transport, source);
    await this.logFailure(source, source.start());
  }

  /** Takes a source out (the caller stops it); undefined when there is none. */
  remove(transport: TrackerTransport): DeviceSource | undefined {
    const source = this.byTransport.get(transport);
    this.byTransport.delete(transport);
    return source;
  }

  all(): DeviceSource[] {
    return [...this.byTransport.values()];
  }

  statuses(): AdapterStatus[] {
    return this.all().map((s) => s.status());
  }

  /** A source that cannot start is logged, never fatal: the others still work. */
  async startAll(): Promise<void> {
    await Promise.all(this.all().map((s) => this.logFailure(s, s.start())));
  }

  async stopAll(): Promise<void> {
    await Promise.allSettled(this.all().map((s) => s.stop()));
  }

  /** Scans on the chosen transports (all by default); ok when at least one could scan. */
  async scan(transports: readonly TrackerTransport[] | undefined, ms: number): Promise<TrackerAck> {
    const chosen = this.all().filter((s) => !transports || transports.includes(s.transport));
    if (chosen.length === 0) return fail('None of the requested adapters is available.');
    const results = await Promise.allSettled(chosen.map((s) => s.scan(ms)));
    if (results.some((r) => r.status === 'fulfilled')) return ok;
    return fail(
      results.map((r) => (r.status === 'rejected' ? errorMessage(r.reason) : '')).join(' '),
    );
  }

  async stopScan(): Promise<void> {
    await Promise.allSettled(this.all().map((s) => s.stopScan()));
  }

  /** Background scan on the ready ones of these transports (to find remembered devices). */
  lookFor(transports: ReadonlySet<TrackerTransport>, ms: number): void {
    for (const s of this.all()) {
      if (transports.has(s.transport) && s.status().state === 'ready') {
        void this.logFailure(s, s.scan(ms));
      }
    }
  }

  private async logFailure(s: DeviceSource, p: Promise<void>): Promise<void> {
    await p.catch((e: unknown) => this.log.warn(`${s.transport}: ${errorMessage(e)}`));
  }
}
