import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log.js';
import {
  MAX_REMEMBERED_DEVICES,
  memoryRememberedDevices,
  openRememberedDevices,
  type RememberedDevice,
} from './remembered-devices.js';

const device = (id: string): RememberedDevice => ({
  id,
  name: `Device ${id}`,
  transport: 'ant',
  kinds: ['trainer'],
  controllable: true,
  lastConnectedAt: '2025-01-01T00:00:00.000Z',
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tracker-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('remembered devices file', () => {
  it('starts empty without a file and creates the folder on first write', async () => {
    const file = path.join(dir, 'nested', 'tracker.json');
    const store = await openRememberedDevices(file, silentLogger);
    expect(store.list()).toEqual([]);
    await store.remember(device('ant:FE:1'));
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved).toEqual({ version: 1, devices: [device('ant:FE:1')] });
  });

  it('survives a reopen, newest first, and forgets', async () => {
    const file = path.join(dir, 'tracker.json');
    const store = await openRememberedDevices(file, silentLogger);
    await store.remember(device('a'));
    await store.remember(device('b'));
    await store.remember(device('a')); // moves to the front, no duplicate
    const again = await openRememberedDevices(file, silentLogger);
    expect(again.list().map((d) => d.id)).toEqual(['a', 'b']);
    await again.forget('a');
    const third = await openRememberedDevices(file, silentLogger);
    expect(third.list().map((d) => d.id)).toEqual(['b']);
    expect(third.get('b')?.name).toBe('Device b');
  });

  it('leaves no temporary files behind and keeps the last of concurrent writes', async () => {
    const file = path.join(dir, 'tracker.json');
    const store = await openRememberedDevices(file, silentLogger);
    await Promise.all(['1', '2', '3', '4'].map((id) => store.remember(device(id))));
    expect(await readdir(dir)).toEqual(['tracker.json']);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.devices.map((d: RememberedDevice) => d.id)).toEqual(['4', '3', '2', '1']);
  });

  it('moves an unreadable file aside instead of losing it', async () => {
    const file = path.join(dir, 'tracker.json');
    await writeFile(file, '{ not json');
    const warnings: string[] = [];
    const store = await openRememberedDevices(file, {
      ...silentLogger,
      warn: (m) => warnings.push(m),
    });
    expect(store.list()).toEqual([]);
    const files = await readdir(dir);
    expect(files.some((f) => f.startsWith('tracker.json.unreadable-'))).toBe(true);
    expect(warnings[0]).toContain('Could not read remembered devices');
  });

  it('moves a file with the wrong shape aside too', async () => {
    const file = path.join(dir, 'tracker.json');
    await writeFile(file, JSON.stringify({ version: 1, devices: [{ id: 5 }] }));
    const store = await openRememberedDevices(file, silentLogger);
    expect(store.list()).toEqual([]);
    expect((await readdir(dir)).length).toBe(1);
  });
});

describe('memory store', () => {
  it(`keeps at most ${MAX_REMEMBERED_DEVICES} devices`, async () => {
    const store = memoryRememberedDevices();
    for (let i = 0; i < MAX_REMEMBERED_DEVICES + 3; i++) await store.remember(device(String(i)));
    expect(store.list()).toHaveLength(MAX_REMEMBERED_DEVICES);
    expect(store.list()[0]?.id).toBe(String(MAX_REMEMBERED_DEVICES + 2));
  });
});
