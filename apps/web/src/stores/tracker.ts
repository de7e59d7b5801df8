import { create } from 'zustand';
import {
  TRACKER_RECONNECT,
  type Pulse,
  type SetControl,
  type TrackerData,
} from '@ridealong/contracts';

/** Where live values come from: the local tracker service, or Bluetooth in this browser. */
export type TrackerSource = 'tracker' | 'web-bluetooth';

export type TrackerStatus =
  | 'idle'
  | 'connecting'
  | 'connected'
  | 'retrying'
  /** The reconnection attempts ran out: nothing answers at the tracker's address. */
  | 'not_running'
  /** The tracker answered but refused this page (its origin is not allowed). */
  | 'refused';

export type TrackerConnection = {
  source: TrackerSource | null;
  status: TrackerStatus;
  /** The reconnection attempt under way (1-based); 0 when not retrying. */
  attempt: number;
  maxAttempts: number;
  /** A detail a person can act on (the refusal reason, a Bluetooth error). */
  message: string | null;
};

export type SendControl = (control: SetControl) => void;

/** The document 001 `tracker` state group: the live connection, read by the ride page. */
type TrackerState = {
  connection: TrackerConnection;
  /** The tracker's latest pulse (devices, adapters, settings); null for Web Bluetooth. */
  pulse: Pulse | null;
  /** The latest merged live sample from the active source. */
  data: TrackerData | null;
  panelOpen: boolean;
  /** Sends the slope to the trainer through whichever source is active; null when none. */
  sendControl: SendControl | null;
  openPanel: () => void;
  closePanel: () => void;
  setConnection: (next: Partial<TrackerConnection>) => void;
  setPulse: (pulse: Pulse | null) => void;
  setData: (data: TrackerData | null) => void;
  /** The active source registers its control function (null to unregister). */
  registerControl: (send: SendControl | null) => void;
};

export const IDLE_CONNECTION: TrackerConnection = {
  source: null,
  status: 'idle',
  attempt: 0,
  maxAttempts: TRACKER_RECONNECT.attempts,
  message: null,
};

export const useTrackerStore = create<TrackerState>()((set) => ({
  connection: IDLE_CONNECTION,
  pulse: null,
  data: null,
  panelOpen: false,
  sendControl: null,
  openPanel: () => set({ panelOpen: true }),
  closePanel: () => set({ panelOpen: false }),
  setConnection: (next) => set((s) => ({ connection: { ...s.connection, ...next } })),
  setPulse: (pulse) => set({ pulse }),
  setData: (data) => set({ data }),
  registerControl: (send) => set({ sendControl: send }),
}));

/**
 * Whether a trainer or sensor is live: the ride page's Start enters the ride when true and
 * opens the panel otherwise (document 001, overlay buttons).
 */
export function hasLiveDevice(s: Pick<TrackerState, 'connection' | 'pulse'>): boolean {
  if (s.connection.status !== 'connected') return false;
  if (s.connection.source === 'web-bluetooth') return true;
  return s.pulse?.devices.some((d) => d.state === 'connected') ?? false;
}

export const selectHasLiveDevice = (s: TrackerState) => hasLiveDevice(s);

/**
 * Whether a live trainer may still arrive without the rider doing anything: the tracker
 * connection is under way, or up with its first pulse (or a device's reconnection) to come, or
 * not begun yet while the page is about to reconnect to a remembered tracker (`expected`).
 */
export function trainerSettling(
  s: Pick<TrackerState, 'connection' | 'pulse'>,
  expected: boolean,
): boolean {
  const { status, source } = s.connection;
  if (source === 'web-bluetooth') return false;
  if (status === 'connecting' || status === 'retrying') return true;
  if (status === 'idle') return expected;
  if (status !== 'connected') return false;
  if (s.pulse === null) return true;
  return s.pulse.devices.some((d) => d.state === 'connecting' || d.state === 'reconnecting');
}

/** Where this browser remembers that its rider rode through the local tracker. */
export const TRACKER_MEMORY_KEY = 'ridealong.trackerRemembered';

/** Remembers that a device went live through the local tracker here (reconnected on load). */
export function rememberTracker(): void {
  try {
    window.localStorage.setItem(TRACKER_MEMORY_KEY, '1');
  } catch {
    // Storage refused (private mode): the page just does not reconnect by itself.
  }
}

/**
 * Forgets it: a reconnection that found nothing (or was refused) is not tried again on every
 * load, and a logout leaves nothing of the member's setup behind. A trainer going live through
 * the tracker remembers it again.
 */
export function forgetTracker(): void {
  try {
    window.localStorage.removeItem(TRACKER_MEMORY_KEY);
  } catch {
    // Storage refused: nothing was remembered either.
  }
}

export function trackerRemembered(): boolean {
  try {
    return window.localStorage.getItem(TRACKER_MEMORY_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The page connects to the tracker by itself on load in desktop mode once a trainer went live
 * through it here; a plain browser never looks for it unasked (it would only find nothing).
 * In the desktop app with its own tracker (`appBridge`) the page never connects by itself: it
 * follows the app's tracker once the app says it runs (appTracker.ts), and then the connection
 * is under way (its status says so), so nothing is to be expected before that.
 */
export function reconnectsOnLoad(input: {
  electronMode: boolean;
  remembered: boolean;
  appBridge: boolean;
}): boolean {
  return input.electronMode && input.remembered && !input.appBridge;
}
