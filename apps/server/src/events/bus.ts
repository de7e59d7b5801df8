import type { Db } from '../db/client.js';
import type { JobHandlers, JobQueue } from '../jobs/types.js';
import {
  domainEventSchemas,
  type DomainCheckName,
  type DomainChecks,
  type DomainEventName,
  type DomainEventPayload,
} from './domain-events.js';
import type { DomainCheckers, DomainSubscriber, DomainSubscribers } from './subscribers.js';

/** Events some module handles `inJob`: each is a job of the same name (see JOB_EVENTS). */
export const JOB_EVENTS = ['track.saved'] as const satisfies readonly DomainEventName[];
type JobEvent = (typeof JOB_EVENTS)[number];
export type DomainEventJobs = { [E in JobEvent]: DomainEventPayload<E> };
export const domainEventJobPayloads = {
  'track.saved': domainEventSchemas['track.saved'],
} satisfies { [E in JobEvent]: (typeof domainEventSchemas)[E] };

/** Short bookkeeping: a few at once, in slots of their own (never behind ffmpeg). */
const EVENT_JOB_CONCURRENCY = 4;

/** Runs once the emitter's transaction has committed (the caller calls it). */
export type AfterCommit = () => void;

export type DomainEventBus = {
  subscribe(subscribers: DomainSubscribers, checkers?: DomainCheckers): void;
  /**
   * In the caller's transaction `tx`: enqueues the event's job (JOB_EVENTS) and runs the
   * `inTransaction` reactions. Call the answer after the commit.
   */
  emit<E extends DomainEventName>(
    tx: Db,
    name: E,
    payload: DomainEventPayload<E>,
  ): Promise<AfterCommit>;
  /** The first refusal of a check, or null when nobody refuses. */
  refusal<C extends DomainCheckName>(name: C, subject: DomainChecks[C]): Promise<string | null>;
  /** The handlers of the events' jobs, for a worker's runner. */
  jobHandlers(): JobHandlers<DomainEventJobs>;
};

const isJobEvent = (name: DomainEventName): name is JobEvent =>
  (JOB_EVENTS as readonly string[]).includes(name);

/** The process's one bus; `jobs` is the app's queue (it holds the events' jobs). */
export function domainEventBus(jobs: JobQueue<DomainEventJobs>): DomainEventBus {
  const subscribers: { [E in DomainEventName]?: DomainSubscriber<E>[] } = {};
  const checkers: DomainCheckers[] = [];
  const of = <E extends DomainEventName>(name: E): DomainSubscriber<E>[] =>
    (subscribers[name] ?? []) as DomainSubscriber<E>[];

  const add = <E extends DomainEventName>(name: E, s: DomainSubscriber<E> | undefined) => {
    if (!s) return;
    if (s.inJob && !isJobEvent(name)) {
      throw new Error(`${name} is handled in a job: add it to JOB_EVENTS (src/events/bus.ts)`);
    }
    (subscribers[name] as DomainSubscriber<E>[] | undefined) ??= [];
    (subscribers[name] as DomainSubscriber<E>[]).push(s);
  };

  return {
    subscribe(s, c) {
      for (const name of Object.keys(s) as DomainEventName[]) add(name, s[name]);
      if (c) checkers.push(c);
    },

    async emit(tx, name, payload) {
      // The event's own job first (as saving enqueued track.saved before anything else), then
      // the reactions, all in the caller's transaction.
      if (isJobEvent(name)) {
        // isJobEvent narrowed the name, which TypeScript cannot carry to the generic payload.
        await jobs.enqueue(name as JobEvent, payload as DomainEventJobs[JobEvent], { db: tx });
      }
      const reactions = of(name);
      for (const r of reactions) await r.inTransaction?.(payload, tx);
      return () => {
        for (const r of reactions) r.afterCommit?.(payload);
        // Enqueued inside the transaction: look now that it has committed (also for jobs the
        // reactions enqueued).
        jobs.wake();
      };
    },

    async refusal(name, subject) {
      for (const c of checkers) {
        const refused = await c[name]?.(subject);
        if (refused) return refused;
      }
      return null;
    },

    jobHandlers() {
      const handlers = {} as JobHandlers<DomainEventJobs>;
      for (const name of JOB_EVENTS) {
        handlers[name] = {
          // Each step recomputes, so a job run again after a failed step is harmless.
          run: async (payload) => {
            for (const r of of(name)) await r.inJob?.(payload);
          },
          concurrency: EVENT_JOB_CONCURRENCY,
        };
      }
      return handlers;
    },
  };
}
