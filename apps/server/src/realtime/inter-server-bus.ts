import { randomUUID } from 'node:crypto';
import {
  INTER_SERVER_CHANNEL,
  parseInterServerMessage,
  type InterServerEventName,
  type InterServerMessage,
  type InterServerPayload,
} from '@ridealong/contracts';
import { closeRedis, connectRedis } from './redis-link.js';

/**
 * The server's processes telling each other things (the events typed in contracts'
 * inter-server.ts). A publish reaches this process's listeners at once and, with Redis, every
 * other process's within a Redis round trip. It is not Socket.IO's `serverSideEmit`, because a
 * process without the `realtime` role (no Socket.IO) must publish too: a logout it serves has
 * to end the rider's sockets on the processes that hold them.
 */
export interface InterServerBus {
  publish<E extends InterServerEventName>(event: E, payload: InterServerPayload<E>): void;
  /** Returns the unsubscribe function. */
  subscribe<E extends InterServerEventName>(
    event: E,
    listener: (payload: InterServerPayload<E>) => void,
  ): () => void;
  close(): Promise<void>;
}

export type BusLog = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

type Listener = (payload: unknown) => void;

/** This process's listeners by event; one that throws is logged and never stops the others. */
function listenerTable(log: BusLog) {
  const table = new Map<InterServerEventName, Set<Listener>>();
  return {
    deliver(event: InterServerEventName, payload: unknown): void {
      for (const listener of [...(table.get(event) ?? [])]) {
        try {
          listener(payload);
        } catch (err) {
          log.error({ err, event }, 'inter-server listener failed');
        }
      }
    },
    subscribe<E extends InterServerEventName>(
      event: E,
      listener: (payload: InterServerPayload<E>) => void,
    ): () => void {
      // Payloads are parsed with the event's own schema before delivery (contracts).
      const untyped = listener as Listener;
      const set = table.get(event) ?? new Set<Listener>();
      table.set(event, set);
      set.add(untyped);
      return () => void set.delete(untyped);
    },
  };
}

/** One process on its own (no REDIS_URL): events stay in it. */
export function localBus(log: BusLog = consoleLog): InterServerBus {
  const listeners = listenerTable(log);
  return {
    publish: (event, payload) => listeners.deliver(event, payload),
    subscribe: listeners.subscribe,
    close: async () => undefined,
  };
}

/**
 * Every process on one Redis pub/sub channel. A message is JSON (`InterServerMessage`) naming
 * its sender, so the sender skips its own echo (it delivered locally when publishing, which
 * also keeps working while Redis is away). What arrives is parsed; anything else is dropped.
 * Pub/sub keeps nothing: a process that is disconnected from Redis misses what is published
 * meanwhile (docs/running-several-processes.md says what that means for sockets).
 */
export async function redisBus(redisUrl: string, log: BusLog): Promise<InterServerBus> {
  const origin = randomUUID();
  const listeners = listenerTable(log);
  const pub = await connectRedis(redisUrl, 'inter-server publisher', log);
  const sub = await connectRedis(redisUrl, 'inter-server subscriber', log).catch(
    async (err: unknown) => {
      await closeRedis(pub);
      throw err;
    },
  );
  sub.on('message', (channel: string, raw: string) => {
    if (channel !== INTER_SERVER_CHANNEL) return;
    const message = parseInterServerMessage(raw);
    if (!message.ok) return log.warn({ reason: message.reason }, 'inter-server message dropped');
    if (message.origin !== origin) listeners.deliver(message.event, message.payload);
  });
  await sub.subscribe(INTER_SERVER_CHANNEL);
  return {
    publish(event, payload) {
      listeners.deliver(event, payload);
      const message: InterServerMessage = { origin, event, payload };
      pub
        .publish(INTER_SERVER_CHANNEL, JSON.stringify(message))
        .catch((err: unknown) => log.error({ err, event }, 'inter-server event not published'));
    },
    subscribe: listeners.subscribe,
    close: () => closeRedis(pub, sub),
  };
}

/** The bus of this configuration: Redis with REDIS_URL, otherwise this process alone. */
export function interServerBus(redisUrl: string | null, log: BusLog): Promise<InterServerBus> {
  return redisUrl ? redisBus(redisUrl, log) : Promise.resolve(localBus(log));
}

const consoleLog: BusLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};
