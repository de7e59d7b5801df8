import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { STANDIN_CLIENT, stravaEndpoints } from './modules/strava/endpoints.js';

describe('Strava settings', () => {
  it('without an id and secret: no Strava application, the stand-in', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://ride.example.com/' });
    expect(c.strava).toBeNull();
    expect(c.stravaTokenKey).toBeNull();
    const e = stravaEndpoints(c);
    expect(e).toMatchObject({
      standIn: true,
      clientId: STANDIN_CLIENT.id,
      clientSecret: STANDIN_CLIENT.secret,
      webBaseUrl: 'https://ride.example.com/strava-standin',
      apiBaseUrl: 'http://127.0.0.1:8080/strava-standin',
    });
  });

  it('in production: the stand-in only when asked for (STRAVA_STANDIN), else a clear error', () => {
    const prod = { NODE_ENV: 'production', LOCAL_PAYMENTS: 'true' };
    expect(() => loadConfig(prod)).toThrow(ConfigError);
    expect(() => loadConfig(prod)).toThrow(/STRAVA_CLIENT_ID: required with NODE_ENV=production/);
    expect(loadConfig({ ...prod, STRAVA_STANDIN: 'true' }).strava).toBeNull();
    expect(
      loadConfig({ ...prod, STRAVA_CLIENT_ID: '1', STRAVA_CLIENT_SECRET: 's' }).strava,
    ).not.toBeNull();
    expect(() => loadConfig({ STRAVA_STANDIN: 'false' })).toThrow(ConfigError);
  });

  it('with both: the real Strava at STRAVA_BASE_URL (default www.strava.com)', () => {
    const c = loadConfig({ STRAVA_CLIENT_ID: '4711', STRAVA_CLIENT_SECRET: 'shh' });
    expect(c.strava).toEqual({
      clientId: '4711',
      clientSecret: 'shh',
      baseUrl: 'https://www.strava.com',
    });
    expect(stravaEndpoints(c)).toEqual({
      clientId: '4711',
      clientSecret: 'shh',
      apiBaseUrl: 'https://www.strava.com',
      webBaseUrl: 'https://www.strava.com',
      standIn: false,
    });
    const fake = loadConfig({
      STRAVA_CLIENT_ID: '4711',
      STRAVA_CLIENT_SECRET: 'shh',
      STRAVA_BASE_URL: 'http://127.0.0.1:9999/',
    });
    expect(fake.strava?.baseUrl).toBe('http://127.0.0.1:9999');
  });

  it.each([
    [{ STRAVA_CLIENT_ID: '4711' }, 'STRAVA_CLIENT_SECRET: required with STRAVA_CLIENT_ID'],
    [{ STRAVA_CLIENT_SECRET: 'shh' }, 'STRAVA_CLIENT_ID: required with STRAVA_CLIENT_SECRET'],
    [{ STRAVA_BASE_URL: 'www.strava.com' }, 'STRAVA_BASE_URL'],
    [{ STRAVA_TOKEN_KEY: 'short' }, 'STRAVA_TOKEN_KEY'],
  ])('%j is a configuration error naming the variable', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(named);
  });

  it('empty values count as unset (the e2e environment blanks them)', () => {
    expect(loadConfig({ STRAVA_CLIENT_ID: '', STRAVA_CLIENT_SECRET: '' }).strava).toBeNull();
  });

  it('the stand-in is reached at the address the server listens on', () => {
    const at = (env: Record<string, string>, port?: number) =>
      stravaEndpoints(loadConfig(env), () =>
        port === undefined ? null : { port, address: '127.0.0.1', family: 'IPv4' },
      ).apiBaseUrl;
    expect(at({ PORT: '9000' })).toBe('http://127.0.0.1:9000/strava-standin');
    expect(at({ PORT: '0' }, 43210)).toBe('http://127.0.0.1:43210/strava-standin');
    expect(at({ HOST: '::' })).toBe('http://127.0.0.1:8080/strava-standin');
    expect(at({ HOST: '10.1.2.3' })).toBe('http://10.1.2.3:8080/strava-standin');
    expect(at({ HOST: '::1' })).toBe('http://[::1]:8080/strava-standin');
    expect(at({ HOST: 'localhost' })).toBe('http://localhost:8080/strava-standin');
  });
});
