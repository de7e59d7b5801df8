import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eServerEnv } from './server-env.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverMain = path.join(here, '..', '..', 'apps', 'server', 'dist', 'main.js');
const READY_TIMEOUT_MS = 120_000;
const HEALTH_STEP_MS = 200;

/**
 * The ports of the specs' own servers, apart from the config's 8181 and from each other; the
 * config's tracker accepts pages from each of their origins.
 */
export const OWN_SERVER_PORTS = {
  playerRestart: 8191,
  rideOutage: 8192,
  desktopShell: 8193,
  /** The one server with the sample content, shared by the specs that need it. */
  sampleContent: 8194,
} as const;

/** The origin (and base URL) of a spec's own server on `port`. */
export const ownServerUrl = (port: number) => `http://127.0.0.1:${port}`;

/**
 * A server process of a spec's own, on its own port and data folder, which the spec may kill and
 * start again without disturbing the config's server or other specs. The environment is the
 * config's webServer one (embedded database, file outbox, no sample data).
 */
export type OwnServer = {
  url: string;
  dataDir: string;
  /** Starts the process and resolves once /healthz answers 200. */
  start: () => Promise<void>;
  /** Kills the process at once (SIGKILL, as a crash or a deploy would) and waits for its exit. */
  kill: () => Promise<void>;
  /** The running process's id (null when this object did not start it or it has exited). */
  readonly pid: number | null;
};

/**
 * `env` overrides the config's environment for this server only (desktop-demo: the sample
 * content, whose demo-video the attract screen plays).
 */
export function ownServer(
  port: number,
  env: Record<string, string> = {},
  opts: { nice?: number } = {},
): OwnServer {
  const url = ownServerUrl(port);
  const runDir = process.env.E2E_DATA_DIR ?? path.join(here, '..', '.data', `run-${Date.now()}`);
  const dataDir = path.join(runDir, `own-server-${port}`);
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    if (child) throw new Error(`the server on port ${port} is already running`);
    await mkdir(dataDir, { recursive: true });
    // Every start appends to one log beside the data, for a failure's post-mortem.
    const log = createWriteStream(path.join(dataDir, 'server.log'), { flags: 'a' });
    // `nice`: a server whose background work (ffmpeg) may take only what the tests leave idle.
    const [command, args] = opts.nice
      ? ['nice', ['-n', String(opts.nice), process.execPath, serverMain]]
      : [process.execPath, [serverMain]];
    const proc = spawn(command, args, {
      env: { ...process.env, ...e2eServerEnv(port, url, dataDir), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.pipe(log);
    proc.stderr?.pipe(log);
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    let gone = false;
    void exited.then(() => {
      gone = true;
      if (child === proc) child = null;
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await healthy(url))) {
      if (gone) throw new Error(`the server on port ${port} exited; see ${dataDir}/server.log`);
      if (Date.now() > deadline) throw new Error(`the server on port ${port} never became healthy`);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_STEP_MS));
    }
  };

  const kill = async () => {
    const proc = child;
    if (!proc) return;
    proc.kill('SIGKILL');
    await exited;
  };

  return {
    url,
    dataDir,
    start,
    kill,
    get pid() {
      return child?.pid ?? null;
    },
  };
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}
