import { describe, expect, it } from 'vitest';
import { carouselItemsPerView } from './carousel.js';
import { formatHms, metresToMiles } from './duration.js';
import { deviceKindFromUserAgent, installerFileName, parsePlatform } from './platform.js';
import {
  compareDesktopVersions,
  isDesktopVersion,
  needsDesktopUpgrade,
  supportedDesktopVersions,
} from './version-gate.js';

describe('version gate', () => {
  it.each(['8.2.1', '2.3.5', '2.3.6', '2.3.7', '2.3.8', '2.3.9', '2.4.0'])(
    'lets %s through',
    (v) => {
      expect(needsDesktopUpgrade(v)).toBe(false);
    },
  );
  it.each(['1.0.0', '2.3.4', '2.4.1', '', 'latest'])('sends %s to /upgrade', (v) => {
    expect(needsDesktopUpgrade(v)).toBe(true);
  });
  it('needs no upgrade when there is no version parameter', () => {
    expect(needsDesktopUpgrade(null)).toBe(false);
  });
  it("supports this repository's app and what the server publishes", () => {
    expect(needsDesktopUpgrade('2.5.0')).toBe(false);
    expect(supportedDesktopVersions(['2.6.0', '2.5.0'])).toEqual([
      '8.2.1',
      '2.3.5',
      '2.3.6',
      '2.3.7',
      '2.3.8',
      '2.3.9',
      '2.4.0',
      '2.5.0',
      '2.6.0',
    ]);
    expect(needsDesktopUpgrade('2.6.0')).toBe(true);
    expect(needsDesktopUpgrade('2.6.0', supportedDesktopVersions(['2.6.0']))).toBe(false);
  });
});

describe('release versions', () => {
  it('orders versions numerically, a pre-release before its release', () => {
    const sorted = ['2.10.0', '2.5.0', '2.5.0-beta.1', '10.0.0', '2.9.9'].sort(
      compareDesktopVersions,
    );
    expect(sorted).toEqual(['2.5.0-beta.1', '2.5.0', '2.9.9', '2.10.0', '10.0.0']);
    expect(compareDesktopVersions('2.5.0', '2.5.0')).toBe(0);
    expect(compareDesktopVersions('latest', '0.0.1')).toBeLessThan(0);
  });
  it.each(['2.5.0', '8.2.1', '2.6.0-beta.2'])('takes %s for a version', (v) => {
    expect(isDesktopVersion(v)).toBe(true);
  });
  it.each(['', 'v2.5.0', '2.5', '2.5.0.1', '2.5.0 ', '../2.5.0', `2.5.0-${'a'.repeat(50)}`])(
    'refuses %j',
    (v) => expect(isDesktopVersion(v)).toBe(false),
  );
});

describe('carousel items per view', () => {
  it.each([
    [4000, 6],
    [2400, 6],
    [2399, 4],
    [992, 4],
    [991, 3],
    [768, 3],
    [767, 2],
    [576, 2],
    [575, 1],
    [320, 1],
  ])('%i px shows %i', (w, n) => expect(carouselItemsPerView(w)).toBe(n));
});

describe('platform', () => {
  it('picks the installer by operating system', () => {
    expect(deviceKindFromUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)')).toBe('mac');
    expect(deviceKindFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('windows');
    expect(
      deviceKindFromUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile'),
    ).toBe('mobile');
    expect(deviceKindFromUserAgent('Mozilla/5.0 (Linux; Android 14) Mobile')).toBe('mobile');
    expect(deviceKindFromUserAgent('Mozilla/5.0 (X11; Linux x86_64)')).toBe('linux');
    expect(deviceKindFromUserAgent('Mozilla/5.0 (X11; CrOS x86_64 14541.0.0)')).toBe('other');
    expect(deviceKindFromUserAgent('curl/8.0')).toBe('other');
  });
  it('parses mac, windows and linux only', () => {
    expect(parsePlatform('mac')).toBe('mac');
    expect(parsePlatform('windows')).toBe('windows');
    expect(parsePlatform('linux')).toBe('linux');
    expect(parsePlatform('Mac')).toBeNull();
    expect(parsePlatform('toString')).toBeNull();
    expect(parsePlatform('')).toBeNull();
    expect(parsePlatform(null)).toBeNull();
  });
  it("names the installers as electron-builder.yml does, this app's version by default", () => {
    expect(installerFileName('mac')).toBe('RideAlong-2.5.0.dmg');
    expect(installerFileName('windows', '2.6.1')).toBe('RideAlong-Setup-2.6.1.exe');
    expect(installerFileName('linux')).toBe('RideAlong-2.5.0.AppImage');
  });
});

describe('units', () => {
  it('converts metres to miles with 2 decimals', () => {
    expect(metresToMiles(1609.344)).toBe('1.00');
    expect(metresToMiles(0)).toBe('0.00');
    expect(metresToMiles(42195)).toBe('26.22');
  });
  it('formats h:mm:ss', () => {
    expect(formatHms(0)).toBe('0:00:00');
    expect(formatHms(59.9)).toBe('0:00:59');
    expect(formatHms(3725)).toBe('1:02:05');
  });
});
