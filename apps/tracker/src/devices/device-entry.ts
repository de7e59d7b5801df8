import type { DeviceState, TrackerAck, TrackerDevice } from '@ridealong/contracts';
import type { GradeLimits } from '@ridealong/trainer';
import type { RememberedDevice } from '../store/remembered-devices.js';
import type { DiscoveredDevice } from './source.js';

/** What the registry keeps per device. */
export interface DeviceEntry {
  device: DiscoveredDevice;
  state: DeviceState;
  reconnectAttempts: number;
  /** Seen by its source in this run (remembered devices start unseen). */
  seen: boolean;
  /** Disconnected by the person: not connected automatically again in this run. */
  heldOff: boolean;
  connectedAt: number;
  connecting?: Promise<TrackerAck>;
}

export const ok: TrackerAck = { ok: true };
export const fail = (message: string): TrackerAck => ({ ok: false, message });

export function newEntry(device: DiscoveredDevice, state: DeviceState, seen: boolean): DeviceEntry {
  return { device, state, seen, reconnectAttempts: 0, heldOff: false, connectedAt: 0 };
}

/** A remembered record back to a device, for the list before it is seen again. */
export function deviceFromRecord(record: RememberedDevice): DiscoveredDevice {
  const { lastConnectedAt: _at, ...device } = record;
  return { ...device, kinds: [...device.kinds] };
}

/** What is stored about a device; limits are read from the trainer at each connection. */
export function recordFromDevice(device: DiscoveredDevice, nowMs: number): RememberedDevice {
  const { gradeLimits: _limits, ...rest } = device;
  return { ...rest, kinds: [...rest.kinds], lastConnectedAt: new Date(nowMs).toISOString() };
}

export function toTrackerDevice(entry: DeviceEntry, remembered: boolean): TrackerDevice {
  const { device } = entry;
  return {
    id: device.id,
    name: device.name,
    transport: device.transport,
    kinds: [...device.kinds],
    state: entry.state,
    remembered,
    controllable: device.controllable,
    reconnectAttempts: entry.reconnectAttempts,
  };
}

/** The trainer that takes grades: of the connected controllable ones, the last connected. */
export function controlTargetOf(
  entries: Iterable<DeviceEntry>,
): { id: string; limits: GradeLimits | null } | null {
  let best: DeviceEntry | undefined;
  for (const e of entries) {
    if (e.state !== 'connected' || !e.device.controllable) continue;
    if (!best || e.connectedAt > best.connectedAt) best = e;
  }
  return best ? { id: best.device.id, limits: best.device.gradeLimits ?? null } : null;
}
