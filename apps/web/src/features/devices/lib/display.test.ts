import { describe, expect, it } from 'vitest';
import { IDLE_CONNECTION } from '../../../stores/tracker';
import {
  deviceStateLabel,
  liveSpeed,
  isLinked,
  kindsLabel,
  statusText,
  transportLabel,
  wholeOrDash,
} from './display';

describe('statusText', () => {
  const tracker = { ...IDLE_CONNECTION, source: 'tracker' as const };

  it('says which attempt of 5 is under way', () => {
    expect(statusText({ ...tracker, status: 'retrying', attempt: 2 })).toBe(
      'Looking for the tracker… (attempt 2 of 5)',
    );
  });

  it('names the tracker version once connected', () => {
    expect(statusText({ ...tracker, status: 'connected' }, '1.2.0')).toBe(
      'Connected to the RideAlong tracker 1.2.0',
    );
    expect(statusText({ ...tracker, status: 'connected' })).toBe('Connected to the tracker');
  });

  it('covers the other states', () => {
    expect(statusText(IDLE_CONNECTION)).toBe('Not connected');
    expect(statusText({ ...tracker, status: 'connecting' })).toBe('Connecting to the tracker…');
    expect(statusText({ ...tracker, status: 'not_running' })).toBe(
      'The RideAlong tracker is not running.',
    );
    expect(statusText({ ...tracker, status: 'refused', message: 'Origin x' })).toContain(
      'Origin x',
    );
    expect(statusText({ ...IDLE_CONNECTION, source: 'web-bluetooth', status: 'connected' })).toBe(
      'Connected with Bluetooth in this browser',
    );
  });
});

describe('live values', () => {
  it('rounds or dashes', () => {
    expect(wholeOrDash(212.6)).toBe('213');
    expect(wholeOrDash(0)).toBe('0');
    expect(wholeOrDash(null)).toBe('—');
    expect(wholeOrDash(Number.NaN)).toBe('—');
  });

  it("shows speed in the member's units, mph or km/h", () => {
    expect(liveSpeed(10, 'metric')).toEqual({ value: '36.0', unit: 'km/h' });
    expect(liveSpeed(10, 'imperial')).toEqual({ value: '22.4', unit: 'mph' });
    expect(liveSpeed(-1, 'metric')).toEqual({ value: '0.0', unit: 'km/h' });
    expect(liveSpeed(undefined, 'imperial')).toEqual({ value: '—', unit: 'mph' });
    expect(liveSpeed(Number.NaN, 'metric')).toEqual({ value: '—', unit: 'km/h' });
  });
});

describe('device labels', () => {
  it('names transports, kinds and states', () => {
    expect(transportLabel('simulator')).toBe('Simulator');
    expect(transportLabel('ant')).toBe('ANT+');
    expect(kindsLabel(['trainer', 'heart_rate'])).toBe('Trainer · Heart rate');
    expect(deviceStateLabel({ state: 'connected', reconnectAttempts: 0 })).toBe('Connected');
    expect(deviceStateLabel({ state: 'reconnecting', reconnectAttempts: 2 })).toBe(
      'Reconnecting… (attempt 2)',
    );
  });

  it('offers Disconnect while a device is linked', () => {
    expect(isLinked({ state: 'connected' })).toBe(true);
    expect(isLinked({ state: 'reconnecting' })).toBe(true);
    expect(isLinked({ state: 'available' })).toBe(false);
    expect(isLinked({ state: 'disconnected' })).toBe(false);
  });
});
