import {
  speedMeasure,
  type TrackerDevice,
  type TrackerDeviceKind,
  type TrackerTransport,
  type UnitSystem,
} from '@ridealong/contracts';
import type { TrackerConnection } from '../../../stores/tracker';

/** The how-to-start text of the not-running state. */
export const NOT_RUNNING_TEXT = 'The RideAlong tracker is not running.';
/** What a rider does about it (a developer's way to start it is in the README, never on a page). */
export const OPEN_APP_TEXT =
  'Open the RideAlong desktop app on this computer, then Try again, or get the app below.';
/** The same state in the desktop app, whose tracker starts with Connect Device. */
export const APP_NOT_RUNNING_TEXT =
  "RideAlong's tracker is not answering. Press Try again; if it keeps failing, quit and reopen the app.";

const KMH_PER_MPS = 3.6;

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

/** The tracker's speed (metres per second) in the member's units, mph or km/h, one decimal. */
export function liveSpeed(
  mps: number | null | undefined,
  system: UnitSystem,
): { value: string; unit: string } {
  const unit = speedMeasure(0, system).unit;
  if (mps === null || mps === undefined || !Number.isFinite(mps)) return { value: '—', unit };
  return { value: speedMeasure(Math.max(0, mps) * KMH_PER_MPS, system).value.toFixed(1), unit };
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
