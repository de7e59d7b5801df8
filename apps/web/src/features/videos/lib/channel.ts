import { io, type Socket } from 'socket.io-client';
import { DEFAULT_RETRY_POLICY } from '../../../lib/retryPolicy';

/**
 * What the ride's channels (/ride and /group) share: how they connect and how a request waits
 * for the connection.
 */

/**
 * The channel could not carry a request (not connected, or no answer in time): the server never
 * refused it, so it may be asked again once the connection is back.
 */
export class TransportError extends Error {
  override name = 'TransportError';
}

/**
 * The channels' reconnect backoff: the app's policy with a lower cap, since a ride waits for
 * it with the video paused. A handshake is cheap for the server, and ±50% still spreads a
 * restart's riders over 2 to 6 s.
 */
const CHANNEL_RETRY = { ...DEFAULT_RETRY_POLICY, maxMs: 4000 };

/** An ack that has not come by then counts as lost (a ride's points stay queued for a resend). */
const ACK_TIMEOUT_MS = 10_000;

type UntypedEmit = (event: string, payload: unknown, ack?: (answer: unknown) => void) => void;

/**
 * A namespace on this origin (Socket.IO's default path), authenticated with the session token,
 * websocket first, reconnecting by itself (0.5 s doubling to 4 s, ±50%) for as long as it takes.
 */
export function openChannel<S extends Socket>(namespace: string, token: string): S {
  return io(namespace, {
    auth: { token },
    transports: ['websocket', 'polling'],
    reconnectionDelay: CHANNEL_RETRY.baseMs,
    reconnectionDelayMax: CHANNEL_RETRY.maxMs,
    randomizationFactor: CHANNEL_RETRY.jitter,
  }) as S;
}

/**
 * Emits `event` with an acknowledgement once connected. A request made while disconnected
 * waits for the connection until its deadline instead of sitting in socket.io's buffer, so
 * nothing stale is sent after an outage; no answer by then is a TransportError.
 */
export function requestOnChannel(
  socket: Socket,
  event: string,
  payload: unknown,
): Promise<unknown> {
  // The contracts' acks are optional parameters, which the typed emit cannot spell for a
  // generic event name; callers check the types at their own edge.
  const emit = socket.emit.bind(socket) as unknown as UntypedEmit;
  return new Promise((resolve, reject) => {
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      socket.off('connect', send);
      emit(event, payload, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    };
    const timer = setTimeout(() => {
      socket.off('connect', send);
      reject(new TransportError('The server did not answer.'));
    }, ACK_TIMEOUT_MS);
    if (socket.connected) send();
    else socket.on('connect', send);
  });
}
