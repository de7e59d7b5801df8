import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IPC_BINDING } from './shim-names.js';

/** One IPC attempt the foreign page makes as soon as it loads. */
export interface IpcAttempt {
  channel: string;
  payload: unknown;
}

export interface ForeignSite {
  /** The site's origin (another port of 127.0.0.1: another origin than the app's). */
  url: string;
  close(): Promise<void>;
}

/**
 * A web site of another origin whose page tries the app's IPC the moment it loads: through the
 * bridge if it got one, and straight through the harness's IPC binding (what any renderer could
 * try). The page's title turns 'sent' once every attempt has reached the main process.
 */
export async function startForeignSite(attempts: IpcAttempt[]): Promise<ForeignSite> {
  const script = `
    (async () => {
      const attempts = ${JSON.stringify(attempts)};
      const ipc = window[${JSON.stringify(IPC_BINDING)}];
      for (const { channel, payload } of attempts) {
        try { window.desktopBridge?.send(channel, payload); } catch {}
        if (typeof ipc === 'function') await ipc(channel, payload);
      }
      document.title = 'sent';
    })();`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>foreign</title></head>
<body><h1>Another site</h1><script>${script}</script></body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
