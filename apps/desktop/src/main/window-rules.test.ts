import { describe, expect, it, vi } from 'vitest';
import { fakeLogger } from '../../test/fakes.js';
import { allowNavigation, createWindowRules, externalVerdict } from './window-rules.js';

const origin = 'https://app.ridealong.cc';

describe('allowNavigation', () => {
  it('allows only the app origin (scheme, host and port)', () => {
    expect(allowNavigation('https://app.ridealong.cc/login', origin)).toBe(true);
    expect(allowNavigation('https://app.ridealong.cc:443/x', origin)).toBe(true);
    expect(allowNavigation('http://app.ridealong.cc/login', origin)).toBe(false);
    expect(allowNavigation('https://app.ridealong.cc:8443/', origin)).toBe(false);
    expect(allowNavigation('https://evil.ridealong.cc/', origin)).toBe(false);
    expect(allowNavigation('https://app.ridealong.cc.evil.com/', origin)).toBe(false);
    expect(allowNavigation('file:///etc/passwd', origin)).toBe(false);
    expect(allowNavigation('javascript:alert(1)', origin)).toBe(false);
    expect(allowNavigation('about:blank', origin)).toBe(false);
    expect(allowNavigation('not a url', origin)).toBe(false);
  });

  it('compares a development origin with its port', () => {
    const dev = 'http://localhost:8080';
    expect(allowNavigation('http://localhost:8080/featured', dev)).toBe(true);
    expect(allowNavigation('http://localhost:8081/featured', dev)).toBe(false);
  });
});

describe('externalVerdict', () => {
  it('opens the app origin and the allow-listed hosts over https', () => {
    for (const url of [
      'https://app.ridealong.cc/help',
      'https://www.strava.com/oauth/authorize?client_id=1',
      'https://strava.com/settings/apps',
      'https://checkout.stripe.com/c/pay/cs_test_1',
      'https://billing.stripe.com/p/session/x',
      'https://accounts.google.com/o/oauth2/v2/auth',
    ]) {
      expect(externalVerdict(url, origin)).toEqual({ open: true, url: new URL(url).href });
    }
  });

  it('refuses other schemes, unknown hosts, credentials, http and other ports', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://strava.com/',
      'https://evil.example/',
      'https://stripe.com/',
      'https://evil.stripe.com/',
      'https://www.strava.com.evil.example/',
      'http://www.strava.com/',
      'https://www.strava.com:8443/',
      'https://user:pw@www.strava.com/',
      'https://app.ridealong.cc@evil.example/',
      'https://user@app.ridealong.cc/',
      '',
      'x'.repeat(5000),
    ]) {
      expect(externalVerdict(url, origin).open, url).toBe(false);
    }
  });

  it('adds the configured hosts', () => {
    expect(externalVerdict('https://help.ridealong.cc/a', origin).open).toBe(false);
    expect(externalVerdict('https://help.ridealong.cc/a', origin, ['Help.RideAlong.cc']).open).toBe(
      true,
    );
  });
});

describe('createWindowRules', () => {
  it('sends an allowed window.open to the system browser and refuses the rest with a log line', async () => {
    const openExternal = vi.fn(async () => undefined);
    const log = fakeLogger();
    const rules = createWindowRules({ origin, externalHosts: [], openExternal, log });
    rules.onWindowOpen('https://www.strava.com/oauth/authorize');
    rules.onWindowOpen('file:///etc/passwd');
    expect(rules.openExternal('javascript:alert(1)')).toBe(false);
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(openExternal).toHaveBeenCalledWith('https://www.strava.com/oauth/authorize');
    expect(log.lines.filter((l) => l.startsWith('warn Refused to open'))).toHaveLength(2);
  });

  it('logs a refused navigation and a failing system browser', async () => {
    const log = fakeLogger();
    const rules = createWindowRules({
      origin,
      externalHosts: [],
      openExternal: async () => {
        throw new Error('no browser');
      },
      log,
    });
    expect(rules.allowNavigation('https://evil.example/')).toBe(false);
    expect(rules.allowNavigation('https://app.ridealong.cc/featured')).toBe(true);
    expect(rules.openExternal('https://app.ridealong.cc/help')).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(log.lines.some((l) => l.includes('Refused navigation'))).toBe(true);
    expect(log.lines.some((l) => l.includes('no browser'))).toBe(true);
  });
});
