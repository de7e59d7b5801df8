import { describe, expect, it } from 'vitest';
import { FakeSource, strap, trainer } from '../../test/support/fake-source.js';
import { ManualClock } from '../../test/support/manual-clock.js';
import { silentLogger } from '../log.js';
import { memoryRememberedDevices, type RememberedDevice } from '../store/remembered-devices.js';
import { DeviceRegistry, REMEMBERED_SCAN_MS } from './device-registry.js';
import type { DeviceReading } from './source.js';

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

function setup(remembered: RememberedDevice[] = []) {
  const clock = new ManualClock();
  const source = new FakeSource('ble', [trainer(), strap()]);
  const store = memoryRememberedDevices(remembered);
  const registry = new DeviceRegistry({ sources: [source], store, clock, log: silentLogger });
  const state = (id: string) => registry.list().find((d) => d.id === id);
  return { clock, source, store, registry, state };
}

const record = (id: string): RememberedDevice => ({
  id,
  name: 'Old trainer',
  transport: 'ble',
  kinds: ['trainer'],
  controllable: true,
  lastConnectedAt: '2025-01-01T00:00:00.000Z',
});

describe('DeviceRegistry', () => {
  it('lists scanned devices, connects and remembers one', async () => {
    const { registry, state, store } = setup();
    await registry.start();
    expect(await registry.scan(undefined, 5000)).toEqual({ ok: true });
    expect(state('ble:trainer-1')).toMatchObject({ state: 'available', remembered: false });
    expect(await registry.connect('ble:trainer-1')).toEqual({ ok: true });
    expect(state('ble:trainer-1')).toMatchObject({
      state: 'connected',
      remembered: true,
      controllable: true,
      reconnectAttempts: 0,
    });
    expect(store.get('ble:trainer-1')?.name).toBe('Trainer ble:trainer-1');
  });

  it('answers a person-readable message for unknown devices and failed connections', async () => {
    const { registry, source, state } = setup();
    await registry.start();
    expect(await registry.connect('ble:nope')).toEqual({
      ok: false,
      message: 'Device ble:nope is not known. Press Scan first.',
    });
    await registry.scan(undefined, 1000);
    source.failConnects = 1;
    const ack = await registry.connect('ble:trainer-1');
    expect(ack).toEqual({ ok: false, message: 'ble:trainer-1 did not answer' });
    expect(state('ble:trainer-1')?.state).toBe('available');
  });

  it('reconnects a dropped device with a growing backoff', async () => {
    const { registry, source, state, clock } = setup();
    await registry.start();
    await registry.scan(undefined, 1000);
    await registry.connect('ble:trainer-1');
    source.drop('ble:trainer-1', 2);
    expect(state('ble:trainer-1')).toMatchObject({ state: 'reconnecting', reconnectAttempts: 0 });
    clock.advance(999);
    expect(source.connects).toHaveLength(1);
    clock.advance(1); // 1 s: first attempt, fails
    await settle();
    expect(state('ble:trainer-1')).toMatchObject({ state: 'reconnecting', reconnectAttempts: 1 });
    clock.advance(1999);
    await settle();
    expect(source.connects).toHaveLength(2);
    clock.advance(1); // 2 s later: second attempt, fails
    await settle();
    expect(state('ble:trainer-1')?.reconnectAttempts).toBe(2);
    clock.advance(4000); // 4 s later: third attempt succeeds
    await settle();
    expect(state('ble:trainer-1')).toMatchObject({ state: 'connected', reconnectAttempts: 0 });
    expect(source.connects).toHaveLength(4);
  });

  it('stops reconnecting when the person disconnects', async () => {
    const { registry, source, state, clock } = setup();
    await registry.start();
    await registry.scan(undefined, 1000);
    await registry.connect('ble:trainer-1');
    source.drop('ble:trainer-1', 100);
    await registry.disconnect('ble:trainer-1');
    clock.advance(60_000);
    await settle();
    expect(source.connects).toHaveLength(1);
    expect(state('ble:trainer-1')?.state).toBe('available');
  });

  it('connects remembered devices when they are seen, but not after a disconnect', async () => {
    const { registry, source, state } = setup([record('ble:trainer-1')]);
    expect(state('ble:trainer-1')).toMatchObject({ state: 'disconnected', remembered: true });
    await registry.start();
    // Unseen remembered devices are looked for once at start.
    expect(source.scans).toEqual([REMEMBERED_SCAN_MS]);
    await settle();
    expect(state('ble:trainer-1')?.state).toBe('connected');
    expect(state('ble:hr-1')?.state).toBe('available');
    await registry.disconnect('ble:trainer-1');
    source.show();
    await settle();
    expect(state('ble:trainer-1')?.state).toBe('available');
  });

  it('forgets a device: no longer remembered, and unlisted if never seen', async () => {
    const { registry, store, state, source } = setup([record('ble:gone')]);
    source.adapter = { transport: 'ble', state: 'no_adapter', message: 'No Bluetooth' };
    await registry.start();
    expect(source.scans).toEqual([]); // no adapter: nothing to scan with
    expect(await registry.forget('ble:gone')).toEqual({ ok: true });
    expect(store.list()).toEqual([]);
    expect(state('ble:gone')).toBeUndefined();
    expect((await registry.forget('ble:gone')).ok).toBe(false);
  });

  it('sends grades to the most recently connected trainer, with its limits', async () => {
    const { registry, source } = setup();
    await registry.start();
    expect(await registry.sendGrade(3)).toBe(false);
    source.show(trainer('ble:trainer-2'));
    await registry.scan(undefined, 1000);
    await registry.connect('ble:trainer-1');
    await registry.connect('ble:hr-1');
    expect(registry.controlTarget()).toEqual({
      id: 'ble:trainer-1',
      limits: { minPercent: -10, maxPercent: 20 },
    });
    expect(await registry.sendGrade(3)).toBe(true);
    expect(source.grades).toEqual([{ id: 'ble:trainer-1', grade: 3 }]);
  });

  it('passes on data only from connected devices, with their kinds', async () => {
    const { registry, source } = setup();
    const seen: [DeviceReading, readonly string[]][] = [];
    registry.on('data', (r, kinds) => seen.push([r, kinds]));
    await registry.start();
    await registry.scan(undefined, 1000);
    source.send({ deviceId: 'ble:hr-1', at: 1, heartRate: 120 });
    await registry.connect('ble:hr-1');
    source.send({ deviceId: 'ble:hr-1', at: 2, heartRate: 121 });
    expect(seen).toEqual([[{ deviceId: 'ble:hr-1', at: 2, heartRate: 121 }, ['heart_rate']]]);
  });

  it('reports why a scan could not start', async () => {
    const { registry, source } = setup();
    source.scanError = 'Bluetooth is not available on this computer.';
    await registry.start();
    expect(await registry.scan(['ble'], 1000)).toEqual({
      ok: false,
      message: 'Bluetooth is not available on this computer.',
    });
    expect((await registry.scan(['ant'], 1000)).ok).toBe(false);
  });
});
