import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeLogger } from '../../test/fakes.js';
import { DEFAULT_SETTINGS, createSettingsStore, parseSettings } from './settings.js';

const made: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'ridealong-settings-'));
  made.push(d);
  return d;
};
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('settings', () => {
  it('starts from the defaults and writes atomically', () => {
    const d = dir();
    const store = createSettingsStore(d, fakeLogger());
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    store.update({ simulator: true });
    expect(JSON.parse(readFileSync(join(d, 'settings.json'), 'utf8'))).toEqual({
      ...DEFAULT_SETTINGS,
      simulator: true,
    });
    expect(readdirSync(d)).toEqual(['settings.json']);
    expect(createSettingsStore(d, fakeLogger()).get().simulator).toBe(true);
  });

  it('falls back to the defaults with a warning on a broken file', () => {
    const d = dir();
    writeFileSync(join(d, 'settings.json'), '{ not json');
    const log = fakeLogger();
    expect(createSettingsStore(d, log).get()).toEqual(DEFAULT_SETTINGS);
    expect(log.lines.some((l) => l.startsWith('warn') && l.includes('broken'))).toBe(true);
  });

  it('keeps only known keys of the right type', () => {
    expect(
      parseSettings({ serverUrl: 5, simulator: 'yes', externalHosts: ['a', 3], other: 1 }),
    ).toEqual({
      serverUrl: null,
      simulator: false,
      externalHosts: ['a'],
    });
    expect(parseSettings([1, 2])).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
  });
});
