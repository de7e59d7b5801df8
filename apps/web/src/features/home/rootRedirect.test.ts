import { describe, expect, it } from 'vitest';
import { decideRoot, trackerUserId } from './rootRedirect';

const web = { electronMode: false, demoMode: false };
const decide = (query: string, modes = web) => decideRoot(new URLSearchParams(query), modes);

describe('the root route', () => {
  it('shows home on the web without parameters', () => {
    expect(decide('')).toEqual({ kind: 'show-home' });
  });

  it('sends an unsupported desktop version to /upgrade', () => {
    expect(decide('v=1.9.0')).toEqual({ kind: 'redirect', to: '/upgrade' });
    expect(decide('v=')).toEqual({ kind: 'redirect', to: '/upgrade' });
  });

  it('checks the version before the electronMode flag', () => {
    expect(decide('v=2.2.0&electronMode=true')).toEqual({ kind: 'redirect', to: '/upgrade' });
  });

  it('lets a supported version through', () => {
    expect(decide('v=2.3.5')).toEqual({ kind: 'show-home' });
    expect(decide('v=8.2.1&electronMode=true')).toEqual({ kind: 'enter-desktop' });
  });

  it("follows the server's list: versions it publishes pass, unknown ones wait for it", () => {
    const search = (q: string) => new URLSearchParams(q);
    expect(decideRoot(search('v=2.5.0'), web, null)).toEqual({ kind: 'show-home' });
    expect(decideRoot(search('v=2.3.5'), web, null)).toEqual({ kind: 'show-home' });
    expect(decideRoot(search('v=2.6.0'), web, null)).toEqual({ kind: 'wait' });
    expect(decideRoot(search('v=2.6.0&electronMode'), web, ['2.6.0'])).toEqual({
      kind: 'enter-desktop',
    });
    expect(decideRoot(search('v=2.6.0'), web, ['2.3.5', '2.5.0'])).toEqual({
      kind: 'redirect',
      to: '/upgrade',
    });
  });

  it('enters desktop mode whenever electronMode is present', () => {
    expect(decide('electronMode=true')).toEqual({ kind: 'enter-desktop' });
    expect(decide('electronMode')).toEqual({ kind: 'enter-desktop' });
    expect(decide('electronMode=true', { electronMode: true, demoMode: true })).toEqual({
      kind: 'enter-desktop',
    });
  });

  it('redirects desktop mode to /featured and demo mode to the demo route', () => {
    expect(decide('', { electronMode: true, demoMode: false })).toEqual({
      kind: 'redirect',
      to: '/featured',
    });
    expect(decide('', { electronMode: true, demoMode: true })).toEqual({
      kind: 'redirect',
      to: '/demo',
    });
  });

  it('ignores demo mode outside the desktop app', () => {
    expect(decide('', { electronMode: false, demoMode: true })).toEqual({ kind: 'show-home' });
  });
});

describe('tracker user id', () => {
  it('is the numeric user id, or null for a guest', () => {
    expect(trackerUserId('42')).toBe(42);
    expect(trackerUserId('')).toBeNull();
    expect(trackerUserId('abc')).toBeNull();
  });
});
