import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../../../test/fakes.js';
import { openLoopbackListener, type LoopbackListener } from './loopback-listener.js';

const PAGE = '<!doctype html><p>You can go back to RideAlong.</p>';
const opened: LoopbackListener[] = [];

async function listener(timeoutMs = 60_000) {
  const clock = fakeClock();
  const l = await openLoopbackListener({ clock, path: '/strava/callback', timeoutMs, page: PAGE });
  opened.push(l);
  return { l, clock };
}
afterEach(() => {
  for (const l of opened.splice(0)) l.close();
});

/** Whether the outcome is settled yet (without waiting for it). */
const settled = async (l: LoopbackListener) =>
  Promise.race([l.result.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);

const get = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  return { status: res.status, text: await res.text(), headers: res.headers };
};

/** A request with a Host header of our choosing (fetch does not let us set it). */
function withHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, headers: { host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    )
      .on('error', reject)
      .end();
  });
}

describe('the loopback listener', () => {
  it('listens on 127.0.0.1 on a port the system picks', async () => {
    const a = await listener();
    const b = await listener();
    expect(a.l.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/strava\/callback$/);
    expect(a.l.redirectUri).not.toBe(b.l.redirectUri);
  });

  it('accepts exactly one callback with the state it expects, then closes', async () => {
    const { l } = await listener();
    l.expectState('state-1');
    const ok = await get(`${l.redirectUri}?state=state-1&code=abc&scope=read,activity:write`);
    expect(ok.status).toBe(200);
    expect(ok.text).toBe(PAGE);
    expect(ok.headers.get('content-security-policy')).toContain("default-src 'none'");
    const result = await l.result;
    expect(result.kind).toBe('callback');
    if (result.kind === 'callback') {
      expect(result.params.get('code')).toBe('abc');
      expect(result.params.get('scope')).toBe('read,activity:write');
    }
    // A second request finds nobody listening.
    await expect(fetch(`${l.redirectUri}?state=state-1&code=again`)).rejects.toThrow();
  });

  it('refuses every request before it knows the state', async () => {
    const { l } = await listener();
    expect((await get(`${l.redirectUri}?state=&code=abc`)).status).toBe(400);
    expect((await get(`${l.redirectUri}?code=abc`)).status).toBe(400);
    expect(await settled(l)).toBe(false);
  });

  it('refuses a wrong state, path, method or host, keeps waiting, then takes the right one', async () => {
    const { l } = await listener();
    l.expectState('right');
    const base = l.redirectUri.replace('/strava/callback', '');
    expect((await get(`${l.redirectUri}?state=wrong&code=abc`)).status).toBe(400);
    expect((await get(`${base}/other?state=right&code=abc`)).status).toBe(404);
    expect((await get(`${base}/strava/callback/?state=right&code=abc`)).status).toBe(404);
    expect((await get(`${l.redirectUri}?state=right&code=abc`, { method: 'POST' })).status).toBe(
      405,
    );
    expect(await withHost(`${l.redirectUri}?state=right&code=abc`, 'evil.test')).toBe(400);
    const port = new URL(l.redirectUri).port;
    expect(await withHost(`${l.redirectUri}?state=right&code=abc`, `localhost:${port}`)).toBe(400);
    expect(await settled(l)).toBe(false);
    expect((await get(`${l.redirectUri}?state=right&code=abc`)).status).toBe(200);
    expect((await l.result).kind).toBe('callback');
  });

  it('gives up after its timeout and stops listening', async () => {
    const { l, clock } = await listener(10 * 60 * 1000);
    l.expectState('s');
    clock.advance(10 * 60 * 1000 - 1);
    expect(await settled(l)).toBe(false);
    clock.advance(1);
    expect(await l.result).toEqual({ kind: 'timeout' });
    await expect(fetch(`${l.redirectUri}?state=s&code=abc`)).rejects.toThrow();
  });

  it('close() ends it as closed; a state set afterwards changes nothing', async () => {
    const { l, clock } = await listener();
    l.close();
    l.expectState('late');
    expect(l.expectedState).toBeNull();
    expect(await l.result).toEqual({ kind: 'closed' });
    expect(clock.pending()).toEqual([]);
    await expect(fetch(`${l.redirectUri}?state=late&code=abc`)).rejects.toThrow();
  });
});
