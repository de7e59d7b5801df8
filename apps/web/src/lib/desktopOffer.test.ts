import { describe, expect, it } from 'vitest';
import type { DesktopDownloads, DesktopInstaller } from '@ridealong/contracts';
import { desktopOffer, downloadLabel, sizeText, unpublishedText } from './desktopOffer';

const mac: DesktopInstaller = {
  url: '/download/mac',
  file: 'RideAlong-2.5.0.dmg',
  size: 100 * 1024 * 1024,
  version: '2.5.0',
};
const published = (platforms: Partial<DesktopDownloads['platforms']>): DesktopDownloads => ({
  version: '2.5.0',
  platforms: { mac: null, windows: null, linux: null, ...platforms },
  supported_versions: ['2.5.0'],
});

describe('the desktop download offer', () => {
  it("offers the visitor's system's installer at the server's stable link", () => {
    expect(desktopOffer({ device: 'mac', downloads: published({ mac }), failed: false })).toEqual({
      kind: 'download',
      platform: 'mac',
      installer: mac,
    });
  });

  it('says so where nothing is published for the system, rather than linking anywhere', () => {
    const offer = desktopOffer({ device: 'windows', downloads: published({ mac }), failed: false });
    expect(offer).toEqual({ kind: 'unpublished', platform: 'windows' });
    expect(unpublishedText('windows')).toBe('The desktop app for Windows is not published yet.');
    expect(unpublishedText(null)).toBe('The desktop app is not published yet.');
  });

  it('gives a system it cannot tell the first published installer', () => {
    const linux = { ...mac, url: '/download/linux', file: 'RideAlong-2.5.0.AppImage' };
    expect(
      desktopOffer({ device: 'other', downloads: published({ linux }), failed: false }),
    ).toEqual({ kind: 'download', platform: 'linux', installer: linux });
    expect(desktopOffer({ device: 'other', downloads: published({}), failed: false })).toEqual({
      kind: 'unpublished',
      platform: null,
    });
  });

  it('waits without a link while loading, and has none when the list cannot be had', () => {
    expect(desktopOffer({ device: 'windows', downloads: undefined, failed: false })).toEqual({
      kind: 'loading',
      platform: 'windows',
    });
    expect(desktopOffer({ device: 'mac', downloads: undefined, failed: true })).toEqual({
      kind: 'unavailable',
    });
  });

  it('offers phones nothing, unless a page names the platform', () => {
    expect(
      desktopOffer({ device: 'mobile', downloads: published({ mac }), failed: false }),
    ).toEqual({ kind: 'mobile' });
    expect(
      desktopOffer({
        device: 'mobile',
        downloads: published({ mac }),
        failed: false,
        platform: 'mac',
      }).kind,
    ).toBe('download');
  });

  it('labels and sizes the download', () => {
    expect(downloadLabel('linux')).toBe('Download for Linux');
    expect(sizeText(100 * 1024 * 1024)).toBe('100 MB');
    expect(sizeText(1536 * 1024)).toBe('1.5 MB');
    expect(sizeText(10)).toBe('0.1 MB');
  });
});
