import { describe, expect, it } from 'vitest';
import { acceptUpdate, errorText, updateFeedUrl, updatesSupported } from './update-rules.js';

describe('the update feed', () => {
  it("is the configured server's /desktop/releases over HTTPS", () => {
    expect(updateFeedUrl('https://app.ridealong.cc')).toEqual({
      ok: true,
      url: 'https://app.ridealong.cc/desktop/releases',
    });
    expect(updateFeedUrl('https://ride.example/sub/')).toEqual({
      ok: true,
      url: 'https://ride.example/sub/desktop/releases',
    });
  });

  it('takes plain HTTP only from a development server on this computer', () => {
    for (const dev of ['http://localhost:8080', 'http://127.0.0.1:8181', 'http://[::1]:8080']) {
      expect(updateFeedUrl(dev).ok).toBe(true);
    }
    for (const bad of [
      'http://app.ridealong.cc',
      'http://localhost.evil.test',
      'http://127.0.0.1.evil.test',
      'ftp://app.ridealong.cc',
      'file:///etc/passwd',
      'https://user:secret@app.ridealong.cc',
      'https://app.ridealong.cc/?feed=https://evil.test',
      'not a url',
    ]) {
      expect([bad, updateFeedUrl(bad).ok]).toEqual([bad, false]);
    }
  });
});

describe('which runs update themselves', () => {
  const run = (platform: string, packaged = true, env: Record<string, string> = {}) =>
    updatesSupported({ platform, packaged, env }).ok;
  it('installed Windows and Mac apps, and AppImages', () => {
    expect(run('win32')).toBe(true);
    expect(run('darwin')).toBe(true);
    expect(run('linux', true, { APPIMAGE: '/home/r/RideAlong-2.5.0.AppImage' })).toBe(true);
  });
  it('not a development run, nor Linux outside an AppImage', () => {
    expect(run('darwin', false)).toBe(false);
    expect(run('linux')).toBe(false);
    expect(run('freebsd')).toBe(false);
  });
});

describe('an announced update', () => {
  const files = [{ url: 'RideAlong-Setup-2.6.0.exe' }];
  it('is taken when newer and served by the feed itself', () => {
    expect(acceptUpdate({ version: '2.6.0', files }, '2.5.0')).toEqual({ ok: true });
  });
  it.each([
    ['the same version', { version: '2.5.0', files }],
    ['an older version', { version: '2.4.0', files }],
    ['no version', { version: 'latest', files }],
    ['no files', { version: '2.6.0', files: [] }],
    ['a file elsewhere', { version: '2.6.0', files: [{ url: 'https://evil.test/x.exe' }] }],
    ['a protocol-relative file', { version: '2.6.0', files: [{ url: '//evil.test/x.exe' }] }],
    ['a path', { version: '2.6.0', files: [{ url: '../../x.exe' }] }],
    ['a sub-folder', { version: '2.6.0', files: [{ url: 'old/x.exe' }] }],
  ])('is refused with %s', (_, update) => {
    expect(acceptUpdate(update, '2.5.0').ok).toBe(false);
  });
});

it('logs the first line of an error', () => {
  expect(errorText(new Error('net::ERR_CERT_INVALID\n    at stack'))).toBe('net::ERR_CERT_INVALID');
  expect(errorText('x'.repeat(500))).toHaveLength(300);
});
