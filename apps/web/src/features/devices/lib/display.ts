import type { TrackerDevice, TrackerDeviceKind, TrackerTransport } from '@ridealong/contracts';
import type { TrackerConnection } from '../../../stores/tracker';

/** The how-to-start text of the not-running state. */
export const NOT_RUNNING_TEXT = 'The RideAlong tracker is not running.';
export const START_TRACKER_COMMAND = 'npm run tracker -- --simulate';
/** The same state in the desktop app, whose tracker starts with Connect Device. */
export const APP_NOT_RUNNING_TEXT =
  "RideAlong's tracker is not answering. Press Try again; if it keeps failing, quit and reopen the app.";

const KMH_PER_MPS = 3.6;
const MPH_PER_MPS = 2.2369362920544;

/** The status line of the panel. */
export function statusText(conn: TrackerConnection, version?: string | null): string {
  if (conn.source === 'web-bluetooth') {
    return conn.status === 'connected'
      ? 'Connected with Bluetooth in this browser'
      : 'Connecting with Bluetooth…';
  }
  switch (conn.status) {
    case 'idle':
      return 'Not connected';
    case 'connecting':
      return 'Connecting to the tracker…';
    case 'retrying':
      return `Looking for the tracker… (attempt ${conn.attempt} of ${conn.maxAttempts})`;
    case 'connected':
      return version ? `Connected to the RideAlong tracker ${version}` : 'Connected to the tracker';
    case 'not_running':
      return NOT_RUNNING_TEXT;
    case 'refused':
      return `The tracker refused this page: ${conn.message ?? 'origin not allowed'}`;
  }
}

/** A live value as a whole number, or a dash when there is none yet. */
export function wholeOrDash(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : String(Math.round(value));
}

/** Speed in metres per second as km/h and mph, one decimal each. */
export function formatSpeed(mps: number | null | undefined): { kmh: string; mph: string } {
  if (mps === null || mps === undefined || !Number.isFinite(mps)) return { kmh: '—', mph: '—' };
  const safe = Math.max(0, mps);
  return { kmh: (safe * KMH_PER_MPS).toFixed(1), mph: (safe * MPH_PER_MPS).toFixed(1) };
}

const TRANSPORT_LABELS: Record<TrackerTransport, string> = {
  simulator: 'Simulator',
  ant: 'ANT+',
  ble: 'Bluetooth',
};

const KIND_LABELS: Record<TrackerDeviceKind, string> = {
  trainer: 'Trainer',
  power: 'Power meter',
  heart_rate: 'Heart rate',
  speed_cadence: 'Speed/cadence',
};

export function transportLabel(transport: TrackerTransport): string {
  return TRANSPORT_LABELS[transport];
}

export function kindsLabel(kinds: readonly TrackerDeviceKind[]): string {
  return kinds.map((k) => KIND_LABELS[k]).join(' · ');
}

/** A device's state as the list shows it. */
export function deviceStateLabel(
  device: Pick<TrackerDevice, 'state' | 'reconnectAttempts'>,
): string {
  switch (device.state) {
    case 'available':
      return 'Available';
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return 'Connected';
    case 'reconnecting':
      return device.reconnectAttempts > 0
        ? `Reconnecting… (attempt ${device.reconnectAttempts})`
        : 'Reconnecting…';
    case 'disconnected':
      return 'Disconnected';
  }
}

/** Connected, connecting and reconnecting devices offer Disconnect; the others Connect. */
export function isLinked(device: Pick<TrackerDevice, 'state'>): boolean {
  return device.state !== 'available' && device.state !== 'disconnected';
}
