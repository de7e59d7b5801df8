import { z } from 'zod';

/**
 * Events between the server's own processes (not clients). With `REDIS_URL` they travel as JSON
 * on one Redis pub/sub channel, so every process hears them whatever its role: a logout served
 * by a process without Socket.IO must still end the rider's sockets on the others. Without
 * Redis they stay in the one process. Each message is parsed with these schemas on arrival.
 */
export const INTER_SERVER_CHANNEL = 'ridealong:inter-server';

/** A session's name everywhere but the member's device: the SHA-256 of its token, in hex. */
export const sessionTokenHashSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** Most token hashes one message carries (a member's sessions are sent in slices of this). */
export const MAX_REVOKED_PER_MESSAGE = 1000;

/**
 * Sessions that ended (logout, password reset): their open sockets end on every process. Named
 * by token hash, never by member id, so two deployments or test runs sharing one Redis server
 * cannot end each other's sockets (ids repeat across databases, 256-bit hashes do not).
 */
export const sessionsRevokedSchema = z.object({
  tokenHashes: z.array(sessionTokenHashSchema).min(1).max(MAX_REVOKED_PER_MESSAGE),
});
export type SessionsRevoked = z.infer<typeof sessionsRevokedSchema>;

/**
 * An admin changed the house ads (issue 27): every process reloads the ads it serves from
 * memory. Nothing in it but when, so a message from another deployment sharing the Redis
 * server costs one extra reload, never a wrong ad.
 */
export const adsChangedSchema = z.object({ at: z.number() });

/** Every inter-server event and its payload's schema. */
export const interServerEventSchemas = {
  'sessions-revoked': sessionsRevokedSchema,
  'ads-changed': adsChangedSchema,
} as const;

export type InterServerEventName = keyof typeof interServerEventSchemas;
export type InterServerPayload<E extends InterServerEventName> = z.infer<
  (typeof interServerEventSchemas)[E]
>;
/** The event map, in the shape Socket.IO's typed event maps use. */
export type InterServerEvents = {
  [E in InterServerEventName]: (payload: InterServerPayload<E>) => void;
};

/** One message on the channel: the sending process (which skips its own), the event, its payload. */
export const interServerMessageSchema = z.object({
  origin: z.string().min(1).max(64),
  event: z.string().max(100),
  payload: z.unknown(),
});
export type InterServerMessage = z.infer<typeof interServerMessageSchema>;

/** A message read off the channel, or why it was dropped. */
export type ParsedInterServerMessage =
  | { ok: true; origin: string; event: InterServerEventName; payload: unknown }
  | { ok: false; reason: string };

/** Parses a raw message: JSON, the envelope, a known event and that event's payload. */
export function parseInterServerMessage(raw: string): ParsedInterServerMessage {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const envelope = interServerMessageSchema.safeParse(json);
  if (!envelope.success) return { ok: false, reason: 'not an inter-server message' };
  const { origin, event, payload } = envelope.data;
  if (!isInterServerEvent(event)) return { ok: false, reason: `unknown event ${event}` };
  const parsed = interServerEventSchemas[event].safeParse(payload);
  if (!parsed.success) return { ok: false, reason: `bad ${event} payload` };
  return { ok: true, origin, event, payload: parsed.data };
}

function isInterServerEvent(event: string): event is InterServerEventName {
  return Object.hasOwn(interServerEventSchemas, event);
}
