import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOf } from './config.js';

describe('loadConfig', () => {
  it('has embedded defaults: port 8080, PGlite, outbox mail', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeNull();
    expect(c.smtpUrl).toBeNull();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.google).toBeNull();
    expect(c.uploadAbandonMs).toBe(24 * 3600 * 1000);
  });

  it('honours PORT, DATA_DIR and DATABASE_URL', () => {
    const c = loadConfig({ PORT: '9090', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h/db' });
    expect(c.port).toBe(9090);
    expect(c.dataDir).toBe('/tmp/x');
    expect(c.databaseUrl).toBe('postgres://u@h/db');
  });

  it('keeps the desktop releases in $DATA_DIR/releases unless RELEASES_DIR says where', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).releasesDir).toBe('/tmp/x/releases');
    expect(loadConfig({ RELEASES_DIR: '/srv/releases' }).releasesDir).toBe('/srv/releases');
  });

  it('trial of 14 days and no admins by default; ADMIN_EMAILS is a lower-cased list', () => {
    expect(loadConfig({})).toMatchObject({ trialDays: 14, adminEmails: [] });
    const c = loadConfig({ TRIAL_DAYS: '30', ADMIN_EMAILS: ' Boss@Example.com, ops@example.com,' });
    expect(c.trialDays).toBe(30);
    expect(c.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ SEED_SAMPLE_DATA: 'maybe' }, 'SEED_SAMPLE_DATA'],
    [{ FACEBOOK_APP_ID: 'id' }, 'FACEBOOK_APP_SECRET'],
    [{ UPLOAD_ABANDON_HOURS: '0' }, 'UPLOAD_ABANDON_HOURS'],
    [{ UPLOAD_ABANDON_HOURS: 'a day' }, 'UPLOAD_ABANDON_HOURS'],
    [{ TRIAL_DAYS: '0' }, 'TRIAL_DAYS'],
    [{ TRIAL_DAYS: 'two weeks' }, 'TRIAL_DAYS'],
    [{ ADMIN_EMAILS: 'boss@example.com,not-an-email' }, 'ADMIN_EMAILS'],
  ])('stops on %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nobody by default, else all hops, a number of hops or a list of proxies', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('ADS_TAG_URL', () => {
  it('is an absolute https URL, or unset/empty for house ads only', () => {
    expect(loadConfig({}).adsTagUrl).toBeNull();
    expect(loadConfig({ ADS_TAG_URL: '' }).adsTagUrl).toBeNull();
    const tag = 'https://ads.example.net/slot.html?pub=1';
    expect(loadConfig({ ADS_TAG_URL: tag }).adsTagUrl).toBe(tag);
    for (const bad of ['http://ads.example.net/x', '/ads/tag.html', 'javascript:alert(1)', 'ads']) {
      expect(() => loadConfig({ ADS_TAG_URL: bad })).toThrow(
        /ADS_TAG_URL: must be an absolute https URL/,
      );
    }
  });
});
