import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_SERVER_URL,
  PRODUCTION_SERVER_URL,
  desktopConfig,
  normalizeServerUrl,
  resolveServerUrl,
} from './config.js';

const none = { argv: [], env: {}, settingsServerUrl: null, packaged: false };

describe('resolveServerUrl', () => {
  it('takes the flag, then the environment, then the settings file', () => {
    const all = {
      argv: ['electron', '.', '--server-url=https://flag.example/'],
      env: { RIDEALONG_SERVER_URL: 'https://env.example' },
      settingsServerUrl: 'https://settings.example',
      packaged: true,
    };
    expect(resolveServerUrl(all)).toEqual({ serverUrl: 'https://flag.example', source: 'flag' });
    expect(resolveServerUrl({ ...all, argv: [] })).toEqual({
      serverUrl: 'https://env.example',
      source: 'env',
    });
    expect(resolveServerUrl({ ...all, argv: [], env: {} })).toEqual({
      serverUrl: 'https://settings.example',
      source: 'settings',
    });
  });

  it('defaults to localhost:8080 in development and the production URL when packaged', () => {
    expect(resolveServerUrl(none)).toEqual({
      serverUrl: DEVELOPMENT_SERVER_URL,
      source: 'default',
    });
    expect(resolveServerUrl({ ...none, packaged: true })).toEqual({
      serverUrl: PRODUCTION_SERVER_URL,
      source: 'default',
    });
    expect(DEVELOPMENT_SERVER_URL).toBe('http://localhost:8080');
    expect(PRODUCTION_SERVER_URL).toBe('https://app.ridealong.cc');
  });

  it('skips an invalid value with a warning', () => {
    const warnings: string[] = [];
    const r = resolveServerUrl(
      {
        ...none,
        argv: ['--server-url=file:///etc'],
        env: { RIDEALONG_SERVER_URL: 'javascript:1' },
        packaged: true,
      },
      (m) => warnings.push(m),
    );
    expect(r).toEqual({ serverUrl: PRODUCTION_SERVER_URL, source: 'default' });
    expect(warnings).toHaveLength(2);
  });

  it('ignores empty values', () => {
    expect(
      resolveServerUrl({ ...none, argv: ['--server-url='], env: { RIDEALONG_SERVER_URL: ' ' } })
        .source,
    ).toBe('default');
  });
});

describe('normalizeServerUrl', () => {
  it('keeps http(s) without a trailing slash', () => {
    expect(normalizeServerUrl('https://app.ridealong.cc/')).toBe('https://app.ridealong.cc');
    expect(normalizeServerUrl('http://127.0.0.1:8181')).toBe('http://127.0.0.1:8181');
    expect(normalizeServerUrl('https://Example.COM/ride//')).toBe('https://example.com/ride');
  });
  it('refuses other schemes, credentials, queries and garbage', () => {
    for (const s of [
      'file:///x',
      'ftp://x',
      'javascript:1',
      'https://u:p@x',
      'https://x/?a=1',
      'https://x/#a',
      'x',
    ]) {
      expect(normalizeServerUrl(s), s).toBeNull();
    }
  });
});

describe('desktopConfig', () => {
  it('derives the origin', () => {
    const c = desktopConfig({
      serverUrl: 'https://app.ridealong.cc:443/',
      version: '2.5.0',
      externalHosts: [' Help.X '],
    });
    expect(c.serverUrl).toBe('https://app.ridealong.cc');
    expect(c.origin).toBe('https://app.ridealong.cc');
    expect(c.externalHosts).toEqual(['help.x']);
    expect(desktopConfig({ serverUrl: 'http://localhost:8181', version: '1' }).origin).toBe(
      'http://localhost:8181',
    );
  });
  it('throws on a URL that is not http(s)', () => {
    expect(() => desktopConfig({ serverUrl: 'file:///x', version: '1' })).toThrow();
  });
});
