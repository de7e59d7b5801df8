import type { TrackerDeviceKind } from '@ridealong/contracts';
import { FEC_GRADE_LIMITS } from '@ridealong/trainer';
import { finite, reading, type DeviceReading, type DiscoveredDevice } from './source.js';

/** The incyclist-ant-plus profiles the tracker uses: FE-C trainer, heart rate, power meter. */
export const ANT_PROFILES = ['FE', 'HR', 'PWR'] as const;
export type AntProfile = (typeof ANT_PROFILES)[number];

/** A sensor's state object as incyclist-ant-plus hands it over; read defensively. */
export type AntSensorState = Readonly<Record<string, unknown>>;

/** A connected ANT+ sensor that sent nothing for this long is treated as dropped. */
export const ANT_DROP_AFTER_MS = 5000;

const PROFILE_INFO: Record<AntProfile, { label: string; kinds: TrackerDeviceKind[] }> = {
  FE: { label: 'Trainer', kinds: ['trainer'] },
  HR: { label: 'Heart rate', kinds: ['heart_rate'] },
  PWR: { label: 'Power meter', kinds: ['power'] },
};

export function isAntProfile(profile: string): profile is AntProfile {
  return (ANT_PROFILES as readonly string[]).includes(profile);
}

export function antDeviceId(profile: AntProfile, deviceNumber: number): string {
  return `ant:${profile}:${deviceNumber}`;
}

/** The profile and ANT device number in an 'ant:FE:12345' id; null for anything else. */
export function parseAntDeviceId(id: string): { profile: AntProfile; deviceNumber: number } | null {
  const m = /^ant:([A-Z]+):(\d{1,5})$/.exec(id);
  if (!m || !isAntProfile(m[1]!)) return null;
  const deviceNumber = Number(m[2]);
  return deviceNumber <= 0xffff ? { profile: m[1], deviceNumber } : null;
}

export function antDevice(profile: AntProfile, deviceNumber: number): DiscoveredDevice {
  const { label, kinds } = PROFILE_INFO[profile];
  return {
    id: antDeviceId(profile, deviceNumber),
    name: `ANT+ ${label} ${deviceNumber}`,
    transport: 'ant',
    kinds: [...kinds],
    controllable: profile === 'FE',
    // FE-C carries -200..+200 % and trainers clamp to their own range themselves.
    gradeLimits: profile === 'FE' ? FEC_GRADE_LIMITS : null,
  };
}

/** 0 bpm is what a strap sends without skin contact: no heart rate, not a zero one. */
const heartRate = (v: unknown): number | undefined => {
  const bpm = finite(v);
  return bpm !== undefined && bpm > 0 ? bpm : undefined;
};

/** Our reading from an incyclist-ant-plus sensor state (speeds there are already m/s). */
export function readingFromAntState(
  profile: AntProfile,
  deviceId: string,
  state: AntSensorState,
  at: number,
): DeviceReading | null {
  switch (profile) {
    case 'FE':
      return reading(deviceId, at, {
        power: finite(state.InstantaneousPower),
        cadence: finite(state.Cadence),
        speedMps: finite(state.RealSpeed) ?? finite(state.VirtualSpeed),
        heartRate: heartRate(state.HeartRate),
      });
    case 'PWR':
      return reading(deviceId, at, {
        power: finite(state.Power) ?? finite(state.CalculatedPower),
        cadence: finite(state.Cadence) ?? finite(state.CalculatedCadence),
      });
    case 'HR':
      return reading(deviceId, at, { heartRate: heartRate(state.ComputedHeartRate) });
  }
}

export function isAntStale(lastDataAt: number, now: number, afterMs = ANT_DROP_AFTER_MS): boolean {
  return now - lastDataAt >= afterMs;
}
