import type { Socket } from 'socket.io-client';
import {
  RIDE_NAMESPACE,
  type RideClientToServer,
  type RideServerToClient,
} from '@ridealong/contracts';
import { openChannel, requestOnChannel } from '../lib/channel';

export { TransportError } from '../lib/channel';

export type RideEventName = keyof RideClientToServer;
export type RidePayload<K extends RideEventName> = Parameters<RideClientToServer[K]>[0];
type AckCallback<K extends RideEventName> = NonNullable<Parameters<RideClientToServer[K]>[1]>;
/** The server's acknowledgement of an event: `{ ok: true, ... }` or `{ ok: false, message }`. */
export type RideAnswer<K extends RideEventName> = Parameters<AckCallback<K>>[0];

/** What a ride needs of the channel; the session is tested against this, not a socket. */
export interface RideTransport {
  request<K extends RideEventName>(event: K, payload: RidePayload<K>): Promise<RideAnswer<K>>;
  /** Called on every (re)connection; returns the unsubscribe. */
  onConnect(listener: () => void): () => void;
  /** Called when the connection drops (it is retried by itself); returns the unsubscribe. */
  onDisconnect(listener: () => void): () => void;
  connected(): boolean;
  /** Reconnects at once when the connection is away and being retried (a sign it is back). */
  retryNow(): void;
  close(): void;
}

type RideSocket = Socket<RideServerToClient, RideClientToServer>;

/**
 * The `/ride` namespace on this origin (Socket.IO's default path), authenticated with the
 * session token. It reconnects by itself (0.5 s doubling to 4 s, ±50%) for as long as it takes. A request made while disconnected waits for the connection until
 * its deadline instead of sitting in socket.io's buffer, so nothing stale is sent after an
 * outage: the ride resends what the server lacks once it is back.
 */
export function connectRideChannel(token: string): RideTransport {
  const socket = openChannel<RideSocket>(RIDE_NAMESPACE, token);
  return {
    async request(event, payload) {
      return (await requestOnChannel(socket, event, payload)) as RideAnswer<typeof event>;
    },
    onConnect(listener) {
      socket.on('connect', listener);
      return () => void socket.off('connect', listener);
    },
    onDisconnect(listener) {
      socket.on('disconnect', listener);
      return () => void socket.off('disconnect', listener);
    },
    connected: () => socket.connected,
    retryNow() {
      // `active` is false after a server-side disconnect (a revoked session): no retry then.
      // Disconnecting and connecting again drops the pending backoff timer.
      if (socket.connected || !socket.active) return;
      socket.disconnect();
      socket.connect();
    },
    close() {
      socket.disconnect();
    },
  };
}

/** The answer's payload, or an error carrying the server's message. */
export function unwrap<T extends object>(
  answer: ({ ok: true } & T) | { ok: false; message: string },
): T {
  if (!answer.ok) throw new Error(answer.message);
  return answer;
}

/** A UUID for client_ride_id; randomUUID needs a secure context, so fall back to v4 by hand. */
export function newRideId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
