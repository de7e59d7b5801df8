import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/support/manual-clock.js';
import { SIMULATOR_DEVICE_ID, SimulatorSource } from './simulator-source.js';
import type { DeviceReading, DiscoveredDevice } from './source.js';

function setup() {
  const clock = new ManualClock();
  const sim = new SimulatorSource({ clock, tickMs: 250, powerWatts: 200 });
  const readings: DeviceReading[] = [];
  const devices: DiscoveredDevice[] = [];
  sim.on('data', (r) => readings.push(r));
  sim.on('device', (d) => devices.push(d));
  return { clock, sim, readings, devices };
}

describe('SimulatorSource', () => {
  it('shows its one device at start and is always ready', async () => {
    const { sim, devices } = setup();
    await sim.start();
    expect(devices.map((d) => d.name)).toEqual(['RideAlong Simulator']);
    expect(devices[0]).toMatchObject({ controllable: true, transport: 'simulator' });
    expect(sim.status()).toEqual({ transport: 'simulator', state: 'ready', message: null });
  });

  it('reports at 4 Hz while connected and stops when disconnected', async () => {
    const { clock, sim, readings } = setup();
    await sim.connect(SIMULATOR_DEVICE_ID);
    clock.advance(1000);
    expect(readings).toHaveLength(4);
    expect(readings[0]).toMatchObject({ deviceId: SIMULATOR_DEVICE_ID });
    expect(readings[0]!.power).toBeGreaterThan(150);
    await sim.disconnect(SIMULATOR_DEVICE_ID);
    clock.advance(1000);
    expect(readings).toHaveLength(4);
  });

  it('rides slower uphill at the same power', async () => {
    const { clock, sim, readings } = setup();
    await sim.connect(SIMULATOR_DEVICE_ID);
    clock.advance(60_000);
    const flat = readings.at(-1)!.speedMps!;
    await sim.sendGrade(SIMULATOR_DEVICE_ID, 10);
    clock.advance(60_000);
    const climb = readings.at(-1)!.speedMps!;
    expect(flat).toBeGreaterThan(7);
    expect(climb).toBeLessThan(flat / 2);
  });

  it('pedals a new power from the next tick, and keeps it for a later connection', async () => {
    const { clock, sim, readings } = setup();
    await sim.connect(SIMULATOR_DEVICE_ID);
    clock.advance(10_000);
    const heartAt200 = readings.at(-1)!.heartRate!;
    sim.setPower(400);
    expect(sim.watts).toBe(400);
    clock.advance(250);
    // The 3 % wobble around the target: within 12 W of 400 at once.
    expect(Math.abs(readings.at(-1)!.power! - 400)).toBeLessThanOrEqual(12);
    clock.advance(60_000);
    expect(readings.at(-1)!.heartRate!).toBeGreaterThan(heartAt200 + 20);
    await sim.disconnect(SIMULATOR_DEVICE_ID);
    sim.setPower(100);
    await sim.connect(SIMULATOR_DEVICE_ID);
    clock.advance(250);
    expect(Math.abs(readings.at(-1)!.power! - 100)).toBeLessThanOrEqual(3);
    expect(() => sim.setPower(Number.NaN)).toThrow(RangeError);
    expect(() => sim.setPower(-5)).toThrow(RangeError);
    expect(sim.watts).toBe(100);
  });

  it('refuses ids that are not its device and grades before connecting', async () => {
    const { sim } = setup();
    await expect(sim.connect('ble:x')).rejects.toThrow('no device ble:x');
    await expect(sim.sendGrade(SIMULATOR_DEVICE_ID, 1)).rejects.toThrow('not connected');
  });
});
