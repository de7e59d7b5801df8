import type { Socket } from 'socket.io-client';
import {
  GROUP_NAMESPACE,
  type GroupClientToServer,
  type GroupServerToClient,
} from '@ridealong/contracts';
import { openChannel, requestOnChannel } from '../lib/channel';

export type GroupEventName = keyof GroupClientToServer;
export type GroupPayload<K extends GroupEventName> = Parameters<GroupClientToServer[K]>[0];
type AckCallback<K extends GroupEventName> = NonNullable<Parameters<GroupClientToServer[K]>[1]>;
/** The server's acknowledgement: `{ ok: true, ... }` or `{ ok: false, message }`. */
export type GroupAnswer<K extends GroupEventName> = Parameters<AckCallback<K>>[0];
export type GroupServerEvent = keyof GroupServerToClient;

/** What a group session needs of the channel; the session is tested against this. */
export interface GroupTransport {
  request<K extends GroupEventName>(event: K, payload: GroupPayload<K>): Promise<GroupAnswer<K>>;
  /** Sends without an answer (the pulses); dropped while disconnected, as it would be stale. */
  send<K extends GroupEventName>(event: K, payload: GroupPayload<K>): void;
  on<K extends GroupServerEvent>(event: K, listener: GroupServerToClient[K]): () => void;
  /** Called on every (re)connection; returns the unsubscribe. */
  onConnect(listener: () => void): () => void;
  connected(): boolean;
  close(): void;
}

type GroupSocket = Socket<GroupServerToClient, GroupClientToServer>;
type UntypedEmit = (event: string, payload: unknown) => void;
type UntypedOn = (event: string, listener: (...args: never[]) => void) => void;

/**
 * The `/group` namespace on this origin, authenticated with the session token: websocket
 * first, reconnecting by itself (0.5 s doubling to 4 s, ±50%). A request made while away waits
 * for the connection until its deadline rather than sitting in socket.io's buffer.
 */
export function connectGroupChannel(token: string): GroupTransport {
  const socket = openChannel<GroupSocket>(GROUP_NAMESPACE, token);
  // The contract's acks are optional parameters, which the typed emit cannot spell for a
  // generic event name; the types are checked at this function's edge.
  const emit = socket.emit.bind(socket) as unknown as UntypedEmit;
  const on = socket.on.bind(socket) as unknown as UntypedOn;
  const off = socket.off.bind(socket) as unknown as UntypedOn;
  return {
    async request(event, payload) {
      return (await requestOnChannel(socket, event, payload)) as GroupAnswer<typeof event>;
    },
    send(event, payload) {
      if (socket.connected) emit(event, payload);
    },
    on(event, listener) {
      on(event, listener);
      return () => off(event, listener);
    },
    onConnect(listener) {
      socket.on('connect', listener);
      return () => void socket.off('connect', listener);
    },
    connected: () => socket.connected,
    close() {
      socket.disconnect();
    },
  };
}
