import { io, type Socket } from 'socket.io-client';
import {
  RIDE_NAMESPACE,
  type RideClientToServer,
  type RideServerToClient,
} from '@ridealong/contracts';

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
  close(): void;
}

/** An ack that has not come by then counts as lost (the points stay queued for a resend). */
const ACK_TIMEOUT_MS = 10_000;

type RideSocket = Socket<RideServerToClient, RideClientToServer>;
type UntypedEmit = (event: string, payload: unknown, ack: (answer: unknown) => void) => void;

/**
 * The `/ride` namespace on this origin (Socket.IO's default path), authenticated with the
 * session token. Emits made while disconnected wait in socket.io's buffer.
 */
export function connectRideChannel(token: string): RideTransport {
  const socket: RideSocket = io(RIDE_NAMESPACE, {
    auth: { token },
    transports: ['websocket', 'polling'],
  });
  return {
    request(event, payload) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('The server did not answer.')),
          ACK_TIMEOUT_MS,
        );
        // The contract's acks are optional parameters, which the typed emit cannot spell for a
        // generic event name; the payload and answer types are checked at this function's edge.
        const emit = socket.emit.bind(socket) as unknown as UntypedEmit;
        emit(event, payload, (answer) => {
          clearTimeout(timer);
          resolve(answer as RideAnswer<typeof event>);
        });
      });
    },
    onConnect(listener) {
      socket.on('connect', listener);
      return () => void socket.off('connect', listener);
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
