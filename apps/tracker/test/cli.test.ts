import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, deviceIn, waitForPulse } from './support/client.js';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = path.join(appDir, 'dist', 'main.js');
let dataDir: string;

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: appDir, stdio: 'inherit' });
  dataDir = await mkdtemp(path.join(tmpdir(), 'tracker-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function runTracker(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(process.execPath, [mainJs, ...args], {
    env: { ...process.env, TRACKER_DATA_DIR: dataDir, ...env },
  });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Readiness by the health check, not by reading the log. */
async function healthy(url: string, run: Run): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`tracker exited:\n${run.output()}`);
    const res = await fetch(`${url}/health`).catch(() => null);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`tracker not healthy in time:\n${run.output()}`);
}

describe('the tracker command', () => {
  it('starts with --simulate, logs the URL and origins, runs without Bluetooth or USB, stops on SIGTERM', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const run = runTracker(['--simulate', '--port', String(port)], {
      TRACKER_ALLOWED_ORIGINS: 'http://extra.test:1',
    });
    try {
      await healthy(url, run);
      const client = connectClient(url, null);
      const pulse = await waitForPulse(
        client,
        (p) => deviceIn(p, 'sim:ridealong-simulator')?.state === 'connected',
      );
      client.disconnect();
      expect(pulse.adapters.map((a) => a.transport)).toEqual(['simulator', 'ant', 'ble']);
      // Whatever this machine has, a missing adapter is reported with what to do about it.
      const messages: Record<string, string> = {
        ant: 'No ANT+ USB stick found. Plug one in and press Scan.',
        ble: 'Bluetooth is not available on this computer.',
      };
      for (const a of pulse.adapters.filter((x) => x.state === 'no_adapter')) {
        expect(a.message).toBe(messages[a.transport]);
      }
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    const log = run.output();
    expect(log).toContain(`listening on ${url}`);
    expect(log).toContain(
      'Allowed origins: http://localhost:8080, http://127.0.0.1:8080, http://localhost:5173, https://ridealong.app, http://extra.test:1',
    );
    expect(log).toContain('Tracker stopped.');
  });

  it('stops cleanly on SIGINT', async () => {
    const port = await freePort();
    const run = runTracker([], { TRACKER_PORT: String(port) });
    await healthy(`http://127.0.0.1:${port}`, run);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('SIGINT: stopping the tracker');
  });

  it('exits with a message naming a bad value', async () => {
    const badFlag = runTracker(['--port', 'abc']);
    expect(await badFlag.exited).toBe(2);
    expect(badFlag.output()).toContain("--port: must be a port number from 0 to 65535, got 'abc'.");

    const badEnv = runTracker([], { TRACKER_ALLOWED_ORIGINS: 'localhost:3000' });
    expect(await badEnv.exited).toBe(2);
    expect(badEnv.output()).toContain("TRACKER_ALLOWED_ORIGINS: 'localhost:3000' is not an origin");
  });

  it('says so when the port is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const run = runTracker(['--port', String(port)]);
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });
});
