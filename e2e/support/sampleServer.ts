import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { OWN_SERVER_PORTS, ownServer, type OwnServer } from './ownServer.js';

/**
 * One server with the sample content for the whole run (desktop-demo, plans-content): its
 * catalogue is made once, in the background, by a niced process, rather than once per spec
 * while the spec waits. A full run starts it in global-setup.ts, so it is ready before the
 * specs that need it come; a run of a few specs starts it when one of them needs it. Either
 * way global-setup's teardown stops it, by the pid it leaves in its data folder.
 */
export const sampleServer: OwnServer = ownServer(
  OWN_SERVER_PORTS.sampleContent,
  { SEED_SAMPLE_DATA: 'true' },
  { nice: 10 },
);

const pidFile = () => path.join(sampleServer.dataDir, 'server.pid');

/** Starts the sample server unless it already answers (started by the setup or another spec). */
export async function ensureSampleServer(): Promise<void> {
  if (await answers()) return;
  await sampleServer.start();
  if (sampleServer.pid !== null) await writeFile(pidFile(), String(sampleServer.pid));
}

/** Stops the sample server, whichever process started it. */
export async function stopSampleServer(): Promise<void> {
  const pid = Number(await readFile(pidFile(), 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/**
 * Until the sample video at `url` is ready. The catalogue makes its videos one after another;
 * `timeoutMs` covers all of them on a busy 2-core machine.
 */
export async function waitForSampleVideo(url: string, timeoutMs: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${sampleServer.url}/api/v1/race/${url}`);
        if (!res.ok) return `HTTP ${res.status}`;
        return ((await res.json()) as { status?: string } | null)?.status ?? 'missing';
      },
      { timeout: timeoutMs, intervals: [1000] },
    )
    .toBe('ready');
}

async function answers(): Promise<boolean> {
  try {
    return (await fetch(`${sampleServer.url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}
