import type { Db } from '../db/client.js';
import type {
  DomainCheckName,
  DomainChecks,
  DomainEventName,
  DomainEventPayload,
} from './domain-events.js';

/**
 * How a module reacts to one event; any of three moments.
 * - `inTransaction`: in the emitter's transaction, so what it writes (a job it enqueues)
 *   exists exactly when the change commits. An error rolls the change back.
 * - `afterCommit`: in this process once the change has committed (drop a cache). Never throws.
 * - `inJob`: later, in the event's own job (named after the event, enqueued in the change's
 *   transaction, run once by a worker and retried until every step succeeds): work too long
 *   for the transaction. It must be repeatable.
 */
export type DomainSubscriber<E extends DomainEventName> = {
  inTransaction?: (payload: DomainEventPayload<E>, tx: Db) => Promise<void>;
  afterCommit?: (payload: DomainEventPayload<E>) => void;
  inJob?: (payload: DomainEventPayload<E>) => Promise<void>;
};

/** A module's reactions, by event name. */
export type DomainSubscribers = { [E in DomainEventName]?: DomainSubscriber<E> };

/** A module's answers to checks: a refusal's message, or null to let the change go on. */
export type DomainCheckers = {
  [C in DomainCheckName]?: (subject: DomainChecks[C]) => Promise<string | null>;
};
