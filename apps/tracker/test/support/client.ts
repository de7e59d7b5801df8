import {
  pulseSchema,
  type Pulse,
  type TrackerAck,
  type TrackerClientToServer,
  type TrackerServerToClient,
} from '@ridealong/contracts';
import { io, type Socket } from 'socket.io-client';

export type TrackerClient = Socket<TrackerServerToClient, TrackerClientToServer>;

export const ALLOWED_ORIGIN = 'http://localhost:5173';

/** A client as the web app makes it; `origin: null` is the desktop app's node side. */
export function connectClient(url: string, origin: string | null = ALLOWED_ORIGIN): TrackerClient {
  return io(url, {
    transports: ['websocket'],
    extraHeaders: origin ? { Origin: origin } : {},
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves with the first `event` payload that matches; rejects after timeoutMs. */
export function waitFor<E extends keyof TrackerServerToClient>(
  socket: TrackerClient,
  event: E,
  match: (payload: Parameters<TrackerServerToClient[E]>[0]) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<Parameters<TrackerServerToClient[E]>[0]> {
  type Payload = Parameters<TrackerServerToClient[E]>[0];
  return new Promise((resolve, reject) => {
    const onEvent = (payload: Payload) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, onEvent as never);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, onEvent as never);
      reject(new Error(`no matching '${String(event)}' within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event, onEvent as never);
  });
}

/** The next pulse in which `predicate` holds, validated against the contract. */
export async function waitForPulse(
  socket: TrackerClient,
  predicate: (p: Pulse) => boolean,
  timeoutMs?: number,
): Promise<Pulse> {
  const pulse = await waitFor(socket, 'pulse', (p) => predicate(pulseSchema.parse(p)), timeoutMs);
  return pulseSchema.parse(pulse);
}

export const deviceIn = (pulse: Pulse, id: string) => pulse.devices.find((d) => d.id === id);

type AckEvents = Exclude<keyof TrackerClientToServer, 'set_control'>;

/** Emits an event that takes an ack and resolves with the ack. */
export function request<E extends AckEvents>(
  socket: TrackerClient,
  event: E,
  ...args: unknown[]
): Promise<TrackerAck> {
  return new Promise((resolve) => {
    const emit = socket.emit as (e: string, ...a: unknown[]) => void;
    emit.call(socket, event, ...args, (ack: TrackerAck) => resolve(ack));
  });
}
