import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { TrackerRefusal } from '@ridealong/contracts';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import { SimulatorSource } from '../src/devices/simulator-source.js';
import { ALLOWED_ORIGIN, waitForPulse } from './support/client.js';
import { useTrackers } from './support/tracker.js';

const trackers = useTrackers();

const simulatorTracker = (allowedOrigins?: string[]) =>
  trackers.start({
    sources: [new SimulatorSource({ clock: systemClock })],
    ...(allowedOrigins ? { allowedOrigins } : {}),
  });

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('origins', () => {
  it('refuses a page not on the allow-list with a reason on connect_error', async () => {
    const server = await simulatorTracker();
    const client = trackers.client(server, 'http://evil.test:3000');
    const error = await new Promise<Error & { data?: TrackerRefusal }>((resolve) =>
      client.on('connect_error', resolve),
    );
    expect(error.data?.reason).toBe('origin_not_allowed');
    expect(error.data?.message).toMatch(
      /^This page \(http:\/\/evil\.test:3000\) may not use the tracker\. .*--allow-origin/,
    );
    expect(error.message).toBe(error.data?.message);
    expect(client.connected).toBe(false);
  });

  it('accepts allowed pages, extra origins and clients without an Origin header', async () => {
    const server = await simulatorTracker([ALLOWED_ORIGIN, 'http://extra.test:9000']);
    for (const origin of [ALLOWED_ORIGIN, 'http://extra.test:9000', null]) {
      const client = trackers.client(server, origin);
      expect((await waitForPulse(client, () => true)).alive).toBe(true);
    }
  });

  it('answers a private network access preflight for allowed origins only', async () => {
    const server = await simulatorTracker();
    const preflight = (origin: string, path: string) =>
      send(`${server.url}${path}`, 'OPTIONS', {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Private-Network': 'true',
      });

    for (const path of ['/socket.io/?EIO=4&transport=polling', '/health']) {
      const ok = await preflight('https://ridealong.app', path);
      expect(ok.status).toBe(204);
      expect(ok.headers['access-control-allow-private-network']).toBe('true');
      expect(ok.headers['access-control-allow-origin']).toBe('https://ridealong.app');
      expect(ok.headers['access-control-allow-credentials']).toBe('true');

      const refused = await preflight('https://evil.test', path);
      expect(refused.status).toBe(403);
      expect(refused.headers['access-control-allow-private-network']).toBeUndefined();
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('grants CORS on Socket.IO polling requests to allowed origins only', async () => {
    const server = await simulatorTracker();
    const poll = (origin: string) =>
      send(`${server.url}/socket.io/?EIO=4&transport=polling`, 'GET', { Origin: origin });
    expect((await poll(ALLOWED_ORIGIN)).headers['access-control-allow-origin']).toBe(
      ALLOWED_ORIGIN,
    );
    expect(
      (await poll('https://evil.test')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });
});
