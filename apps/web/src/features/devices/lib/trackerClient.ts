import { io, type Socket } from 'socket.io-client';
import {
  pulseSchema,
  trackerDataSchema,
  TRACKER_RECONNECT,
  type TrackerAck,
  type TrackerClientToServer,
  type TrackerServerToClient,
  type TrainerSettings,
} from '@ridealong/contracts';
import {
  forgetTracker,
  IDLE_CONNECTION,
  rememberTracker,
  useTrackerStore,
} from '../../../stores/tracker';
import { profileTrainerSettings } from './trainerSettings';
import { reduceConnection, refusalOf, type TrackerClientEvent } from './connectionEvents';
import { trackerUrl } from './trackerUrl';

type TrackerSocket = Socket<TrackerServerToClient, TrackerClientToServer>;

const ACK_TIMEOUT_MS = 5000;
const NOT_CONNECTED: TrackerAck = { ok: false, message: 'The tracker is not connected.' };
const NO_ANSWER: TrackerAck = { ok: false, message: 'The tracker did not answer.' };

/** The one connection to the local tracker (the browser glue; the state logic is pure). */
let socket: TrackerSocket | null = null;

function dispatch(event: TrackerClientEvent): void {
  const store = useTrackerStore.getState();
  const next = reduceConnection(store.connection, event);
  store.setConnection(next);
  // Nothing answers there (or it refuses this page): later loads stop looking for it by
  // themselves, each look being about 17 s of failed requests (and console errors).
  if (next.status === 'not_running' || next.status === 'refused') forgetTracker();
}

function clearLive(): void {
  const store = useTrackerStore.getState();
  store.setPulse(null);
  store.setData(null);
  store.registerControl(null);
}

/**
 * A network that comes back brings the tracker back too: an offline spell can cut even the
 * loopback connection (Chromium's offline mode does), and the spec's five attempts run out in
 * about 17 s, well within a network drop a ride must survive (issue 11).
 */
let watchingNetwork = false;
function watchNetwork(): void {
  if (watchingNetwork || typeof window === 'undefined') return;
  watchingNetwork = true;
  window.addEventListener('online', () => {
    const { connection } = useTrackerStore.getState();
    const lost = connection.status === 'not_running' || connection.status === 'retrying';
    if (socket && connection.source === 'tracker' && lost) startTracker();
  });
}

/** Connects to the tracker (closing any earlier socket); retries per TRACKER_RECONNECT. */
export function startTracker(): void {
  stopTracker();
  watchNetwork();
  const s: TrackerSocket = io(trackerUrl(), {
    forceNew: true,
    reconnection: true,
    reconnectionAttempts: TRACKER_RECONNECT.attempts,
    reconnectionDelay: TRACKER_RECONNECT.delayMs,
    reconnectionDelayMax: TRACKER_RECONNECT.delayMaxMs,
    // One client on one machine: no herd to spread, so the delays stay 1, 2, 4, 5, 5 s.
    randomizationFactor: 0,
    transports: ['websocket', 'polling'],
  });
  socket = s;
  const mine = () => socket === s;
  dispatch({ type: 'start' });

  s.on('connect', () => {
    if (!mine()) return;
    dispatch({ type: 'connect' });
    useTrackerStore.getState().registerControl((control) => s.emit('set_control', control));
    // The profile holds the rider's slope settings; the tracker applies what it is told.
    const settings = profileTrainerSettings();
    if (settings) s.emit('set_settings', settings);
  });
  s.on('disconnect', (reason) => {
    if (!mine()) return;
    dispatch({ type: 'disconnect', reason });
    clearLive();
  });
  s.on('connect_error', (error) => {
    if (!mine()) return;
    const refusal = refusalOf(error);
    dispatch({ type: 'connect_error', refusal });
    if (refusal) s.disconnect(); // retrying cannot change the tracker's mind
  });
  s.io.on(
    'reconnect_attempt',
    (attempt) => mine() && dispatch({ type: 'reconnect_attempt', attempt }),
  );
  s.io.on('reconnect_failed', () => mine() && dispatch({ type: 'reconnect_failed' }));

  s.on('pulse', (raw) => {
    const parsed = pulseSchema.safeParse(raw);
    if (!mine() || !parsed.success) return;
    const store = useTrackerStore.getState();
    store.setPulse(parsed.data);
    // The tracker stops sending samples when no device is live; the last one must not linger.
    if (!parsed.data.devices.some((d) => d.state === 'connected')) store.setData(null);
    // A live device here: after a reload the page comes back to this tracker by itself.
    else rememberTracker();
  });
  s.on('tracker_data', (raw) => {
    const parsed = trackerDataSchema.safeParse(raw);
    if (mine() && parsed.success) useTrackerStore.getState().setData(parsed.data);
  });
}

/** Closes the tracker connection and clears its live state. */
export function stopTracker(): void {
  const s = socket;
  if (!s) return;
  socket = null;
  s.disconnect();
  const store = useTrackerStore.getState();
  if (store.connection.source === 'tracker') store.setConnection(IDLE_CONNECTION);
  clearLive();
}

/** Starts a connection unless one is up, under way, or Bluetooth in the page is the source. */
export function ensureTracker(): void {
  const { connection } = useTrackerStore.getState();
  if (connection.source === 'web-bluetooth') return;
  if (['idle', 'not_running', 'refused'].includes(connection.status)) startTracker();
}

type AckCallback = (ack: TrackerAck) => void;

// The contract's acks are optional parameters, which socket.timeout() cannot type; so the
// timeout is kept here.
function request(send: (s: TrackerSocket, done: AckCallback) => void): Promise<TrackerAck> {
  const s = socket;
  if (!s?.connected) return Promise.resolve(NOT_CONNECTED);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(NO_ANSWER), ACK_TIMEOUT_MS);
    send(s, (ack) => {
      clearTimeout(timer);
      resolve(ack);
    });
  });
}

/** The tracker's acknowledged requests; each resolves with the tracker's answer. */
export const trackerRequests = {
  connectDevice: (id: string) => request((s, done) => s.emit('connect_device', { id }, done)),
  disconnectDevice: (id: string) => request((s, done) => s.emit('disconnect_device', { id }, done)),
  forgetDevice: (id: string) => request((s, done) => s.emit('forget_device', { id }, done)),
  scan: (durationS = 20) => request((s, done) => s.emit('scan', { duration_s: durationS }, done)),
  stopScan: () => request((s, done) => s.emit('stop_scan', done)),
  setSettings: (settings: TrainerSettings) =>
    request((s, done) => s.emit('set_settings', settings, done)),
  /** Only to a tracker whose pulse has simulator_watts: older ones never answer it. */
  setSimulatorPower: (watts: number) =>
    request((s, done) => s.emit('set_simulator_power', { watts }, done)),
};
