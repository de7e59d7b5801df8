import { describe, expect, it } from 'vitest';
import { carouselItemsPerView } from './carousel.js';
import { formatHms, metresToMiles } from './duration.js';
import { deviceKindFromUserAgent, installerFileName, parsePlatform } from './platform.js';
import { needsDesktopUpgrade } from './version-gate.js';

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
    expect(deviceKindFromUserAgent('Mozilla/5.0 (X11; Linux x86_64)')).toBe('other');
  });
  it('parses only mac and windows', () => {
    expect(parsePlatform('mac')).toBe('mac');
    expect(parsePlatform('windows')).toBe('windows');
    expect(parsePlatform('linux')).toBeNull();
    expect(parsePlatform(null)).toBeNull();
  });
  it('names the 2.3.5 installers', () => {
    expect(installerFileName('mac')).toMatch(/2\.3\.5\.dmg$/);
    expect(installerFileName('windows')).toMatch(/2\.3\.5\.exe$/);
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
