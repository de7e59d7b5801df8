import { z } from 'zod';

/**
 * The server's in-process domain events: what one module's change means to the others, in the
 * contracts' style (one schema per event, types inferred). Modules subscribe through their
 * `subscribers` (ServerModule); `grep -rn "'track.saved'" src/modules` finds every
 * reaction. Payloads are plain JSON (ids, epoch milliseconds): an event delivered in a job
 * (`inJob`) is stored as its payload. Names are the glossary's (docs/glossary.md).
 */
const id = z.number().int().positive();
const epochMs = z.number().int();

export const domainEventSchemas = {
  /** A ride was saved (once per ride, in the transaction that marks it saved). */
  'track.saved': z.object({ trackId: id }),
  /** A ride was deleted; `saved`: it had been saved (and counted) before. */
  'track.deleted': z.object({ trackId: id, userId: id, startedAt: epochMs, saved: z.boolean() }),
  /** A video finished processing and can be ridden (in the transaction that marks it ready). */
  'video.ready': z.object({ videoId: id, userId: id, createdAt: epochMs }),
  /** A video was removed; `wasReady`: it could be ridden until now. */
  'video.removed': z.object({
    videoId: id,
    userId: id,
    createdAt: epochMs,
    wasReady: z.boolean(),
  }),
} as const;

export type DomainEventName = keyof typeof domainEventSchemas;
export type DomainEventPayload<E extends DomainEventName> = z.infer<(typeof domainEventSchemas)[E]>;

/**
 * Questions a module asks before a change, which another module may refuse with a message
 * (the change does not happen): a video an active challenge rides cannot be removed.
 */
export type DomainChecks = {
  'video.remove': { videoId: number; url: string };
};
export type DomainCheckName = keyof DomainChecks;
