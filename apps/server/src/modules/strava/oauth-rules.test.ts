import { describe, expect, it } from 'vitest';
import { grantsUpload } from './connect-service.js';
import { oauthState, STATE_TTL_MS } from './oauth-state.js';
import { acceptedRedirect, loopbackRedirect } from './redirects.js';

describe('the authorisation state', () => {
  const state = oauthState('s'.repeat(43));
  const now = new Date('2030-01-01T10:00:00Z');

  it('names the member and expires after 10 minutes', () => {
    const s = state.issue(7, now);
    expect(state.check(s, 7, now)).toBe(true);
    expect(state.check(s, 8, now)).toBe(false);
    expect(state.check(s, 7, new Date(now.getTime() + STATE_TTL_MS - 1))).toBe(true);
    expect(state.check(s, 7, new Date(now.getTime() + STATE_TTL_MS + 1))).toBe(false);
    expect(state.issue(7, now)).not.toBe(s);
  });

  it('refuses forgeries and another key', () => {
    const s = state.issue(7, now);
    const [body] = s.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 7, e: now.getTime() + 1e9, n: 'x' })).toString(
      'base64url',
    );
    expect(state.check(`${forged}.${s.split('.')[1]}`, 7, now)).toBe(false);
    expect(state.check(`${body}.`, 7, now)).toBe(false);
    expect(oauthState('t'.repeat(43)).check(s, 7, now)).toBe(false);
    expect(state.check('', 7, now)).toBe(false);
  });
});

describe('redirects', () => {
  it('the desktop callback is a loopback address with a port, over http', () => {
    for (const ok of [
      'http://127.0.0.1:5000/strava',
      'http://localhost:47111/cb?x=1',
      'http://[::1]:8000/',
    ]) {
      expect(loopbackRedirect(ok)).not.toBeNull();
    }
    for (const bad of [
      'https://127.0.0.1:5000/cb',
      'http://127.0.0.1/cb',
      'http://evil.example:5000/cb',
      'http://127.0.0.1.evil.example:5000/',
      'http://user:pw@127.0.0.1:5000/',
      'http://127.0.0.1:5000/#frag',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(loopbackRedirect(bad)).toBeNull();
    }
  });

  it("the stand-in accepts this server's web callback or loopback only", () => {
    const pub = 'https://ride.example.com';
    expect(acceptedRedirect('https://ride.example.com/portal-redirect/strava', pub)).not.toBeNull();
    expect(acceptedRedirect('http://127.0.0.1:4000/cb', pub)).not.toBeNull();
    expect(acceptedRedirect('https://ride.example.com/other', pub)).toBeNull();
    expect(acceptedRedirect('https://evil.example/portal-redirect/strava', pub)).toBeNull();
    expect(acceptedRedirect('http://ride.example.com/portal-redirect/strava', pub)).toBeNull();
  });
});

describe('scopes', () => {
  it('uploads need activity:write', () => {
    expect(grantsUpload('read,activity:write,read_all')).toBe(true);
    expect(grantsUpload('read read_all')).toBe(false);
    expect(grantsUpload('activity:write_all')).toBe(false);
    expect(grantsUpload('')).toBe(false);
  });
});
