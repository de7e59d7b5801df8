import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../ports.js';

/** What the one accepted callback brought: its query, state already checked. */
export type LoopbackResult =
  { kind: 'callback'; params: URLSearchParams } | { kind: 'timeout' } | { kind: 'closed' };

export interface LoopbackListener {
  /** `http://127.0.0.1:{port}{path}`: the redirect_uri to hand to the authorisation. */
  readonly redirectUri: string;
  /** The state the callback must bring; until it is set every request is refused. */
  expectState(state: string): void;
  readonly expectedState: string | null;
  /** Stops listening now (the result is 'closed' unless a callback came first). */
  close(): void;
  /** The one outcome: the accepted callback, a timeout or close(). */
  readonly result: Promise<LoopbackResult>;
}

export interface LoopbackOptions {
  clock: Clock;
  /** The callback's path (e.g. '/strava/callback'). */
  path: string;
  timeoutMs: number;
  /** The page the accepted callback answers (plain HTML, no scripts). */
  page: string;
}

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  connection: 'close',
};

const refusal = (text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>RideAlong</title></head><body><main><h1>RideAlong</h1><p>${text}</p></main></body></html>`;

/**
 * A one-shot loopback listener for an OAuth return (RFC 8252, 7.3): 127.0.0.1 on a port the
 * system picks, accepting exactly one GET of `path` whose `state` is the one expected. A wrong
 * path, method, host or state is refused (no outcome, it keeps waiting); after the accepted
 * callback, the timeout or close() it stops listening and drops every connection.
 */
export async function openLoopbackListener(o: LoopbackOptions): Promise<LoopbackListener> {
  let expected: string | null = null;
  let settled = false;
  let port = 0;
  let cancelTimeout: () => void = () => undefined;
  let settle: (r: LoopbackResult) => void = () => undefined;
  const result = new Promise<LoopbackResult>((resolve) => (settle = resolve));

  const answer = (res: ServerResponse, status: number, html: string) => {
    res.writeHead(status, HEADERS).end(html);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (settled) return answer(res, 410, refusal('This sign-in link was already used.'));
    // The Host must be the address we handed out: a page of another site reaching this port
    // through a DNS name pointing at 127.0.0.1 is refused.
    const host = `127.0.0.1:${port}`;
    if (req.headers.host !== host) return answer(res, 400, refusal('Wrong address.'));
    if (req.method !== 'GET') return answer(res, 405, refusal('Not here.'));
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (url.pathname !== o.path) return answer(res, 404, refusal('Not here.'));
    const state = url.searchParams.get('state');
    if (expected === null || state !== expected) {
      return answer(res, 400, refusal('This link is not the one RideAlong is waiting for.'));
    }
    answer(res, 200, o.page);
    finish({ kind: 'callback', params: url.searchParams });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  cancelTimeout = o.clock.setTimeout(() => finish({ kind: 'timeout' }), o.timeoutMs);

  function finish(r: LoopbackResult) {
    if (settled) return;
    settled = true;
    cancelTimeout();
    // The answer already written goes out; then nothing more is accepted.
    server.close();
    server.closeIdleConnections();
    setImmediate(() => server.closeAllConnections());
    settle(r);
  }

  return {
    redirectUri: `http://127.0.0.1:${port}${o.path}`,
    expectState(state) {
      if (!settled) expected = state;
    },
    get expectedState() {
      return expected;
    },
    close: () => finish({ kind: 'closed' }),
    result,
  };
}
