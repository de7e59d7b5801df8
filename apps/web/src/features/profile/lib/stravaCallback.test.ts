import { describe, expect, it } from 'vitest';
import { readStravaCallback, STRAVA_DENIED_MESSAGE } from './stravaCallback';

const read = (query: string, stored: string | null) =>
  readStravaCallback(new URLSearchParams(query), stored);

describe('readStravaCallback', () => {
  it('exchanges a code whose state is the stored one', () => {
    expect(read('state=s&code=c&scope=read,activity:write', 's')).toEqual({
      kind: 'exchange',
      code: 'c',
      state: 's',
      scope: 'read,activity:write',
    });
    expect(read('state=s&code=c', 's')).toMatchObject({ kind: 'exchange', scope: undefined });
  });

  it('refuses a missing or different state', () => {
    expect(read('state=s&code=c', 'other')).toEqual({ kind: 'bad-state' });
    expect(read('code=c', 's')).toEqual({ kind: 'bad-state' });
    expect(read('state=s&code=c', null)).toEqual({ kind: 'bad-state' });
  });

  it('reads a declined authorisation and other errors once the state is ours, echoing nothing', () => {
    expect(read('state=s&error=access_denied', 's')).toEqual({
      kind: 'denied',
      message: STRAVA_DENIED_MESSAGE,
    });
    expect(read('state=s&error=Call+0800+now', 's')).toEqual({
      kind: 'denied',
      message: 'Strava was not connected: Strava answered with an error.',
    });
    // A crafted link without our state shows nothing of its own.
    expect(read('error=Call+0800+now', null)).toEqual({ kind: 'bad-state' });
    expect(read('state=x&error=access_denied', 's')).toEqual({ kind: 'bad-state' });
  });

  it('says so when the code is missing', () => {
    expect(read('state=s', 's')).toMatchObject({ kind: 'no-code' });
  });
});
