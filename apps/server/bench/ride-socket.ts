import { io, type Socket } from 'socket.io-client';
import {
  RIDE_NAMESPACE,
  type RideClientToServer,
  type RideServerToClient,
} from '@ridealong/contracts';

/** A real client of the /ride channel, typed by the contracts' event maps. */
export type RideSocket = Socket<RideServerToClient, RideClientToServer>;

/** Connects over WebSocket with a session token; rejects with the connect_error. */
export function connectRide(baseUrl: string, token: string): Promise<RideSocket> {
  const socket: RideSocket = io(baseUrl + RIDE_NAMESPACE, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
