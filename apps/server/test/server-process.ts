import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Real server processes for tests that need what one in-process app cannot show: a process
 * dying (SIGKILL) and starting again on the same data, or two processes sharing one database
 * as they would behind a load balancer. Each runs `node --import tsx src/main.ts` (the sources,
 * as `npm run dev -w apps/server` does, so no build is needed) with a hermetic environment,
 * logs to a file for a post-mortem and is ready when GET /healthz answers 200.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A cold tsx start takes a few seconds; a loaded machine running every suite at once, more. */
const READY_TIMEOUT_MS = 60_000;
const HEALTH_POLL_MS = 100;
/** A graceful stop (SIGTERM) that takes longer than this becomes a SIGKILL. */
const STOP_TIMEOUT_MS = 10_000;

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcessOptions = {
  /** Names the process in logs and errors ('a', 'b', ...). */
  name: string;
  /** $DATA_DIR: the embedded database (without `databaseUrl`), media, outbox, keys. */
  dataDir: string;
  /** PostgreSQL shared with other processes, or null for embedded PGlite in `dataDir/db`. */
  databaseUrl: string | null;
  /** Where stdout and stderr of every start are appended. */
  logFile: string;
  /** The loopback port; a free one when not given. The same port across restarts. */
  port?: number;
  /** More settings, over the defaults below. */
  env?: Record<string, string>;
  /** Command-line arguments of main.ts (e.g. --role=worker). */
  args?: string[];
};

export type ServerProcess = {
  readonly name: string;
  readonly port: number;
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly logFile: string;
  /** True from spawn until the process has exited. */
  readonly running: boolean;
  /** Spawns the process and resolves once /healthz answers 200 (rejects with the log's tail). */
  start: () => Promise<void>;
  /**
   * Kills the process at once, as a crash or an OOM kill would, and waits for its exit (the
   * last one's when it is not running; code and signal null when it never ran).
   */
  kill: () => Promise<Exit>;
  /** SIGTERM (the server's graceful shutdown), SIGKILL if it takes too long; waits for exit. */
  stop: () => Promise<Exit>;
  /** A request to this process; `json` is sent as the body, `token` as x-auth-token. */
  request: (
    urlPath: string,
    init?: { method?: string; json?: unknown; token?: string },
  ) => Promise<Response>;
  /** The newest mail this process wrote to its file outbox for `to`, as raw .eml text. */
  lastMailTo: (to: string) => Promise<string>;
  /** The log written so far. */
  readLog: () => Promise<string>;
};

/** Children still running: killed if the test worker itself exits without cleaning up. */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
  live.add(child);
  child.once('exit', () => live.delete(child));
}

/** A port nothing listens on now (the kernel's pick for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The server's environment: only what is given here (plus PATH, HOME and TMPDIR), so
 * settings of the shell (DATABASE_URL, SMTP_URL, Stripe keys, NODE_OPTIONS...) never leak in.
 * The server counts empty values as unset.
 */
function serverEnv(o: ServerProcessOptions, port: number): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    ['PATH', 'TMPDIR', 'HOME'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
  );
  return {
    ...inherited,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: o.databaseUrl ?? '',
    REDIS_URL: '',
    SMTP_URL: '',
    SEED_SAMPLE_DATA: 'false',
    LOG_LEVEL: 'warn',
    LOCAL_PAYMENTS: 'true',
    ...o.env,
  };
}

export async function serverProcess(o: ServerProcessOptions): Promise<ServerProcess> {
  const port = o.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  /** The last start's exit: resolved once it has exited and its output is in the log. */
  let exited: Promise<Exit> = Promise.resolve({ code: null, signal: null });

  const readLog = () => readFile(o.logFile, 'utf8').catch(() => '');
  const failure = async (why: string) => {
    // The last lines but stack frames: an error's message and its cause stay in sight.
    const lines = (await readLog()).split('\n').filter((l) => !/^\s+at /.test(l));
    const tail = lines.slice(-40).join('\n');
    return new Error(`server ${o.name} (${baseUrl}) ${why}; log ${o.logFile}:\n${tail}`);
  };

  const start = async () => {
    if (child) throw new Error(`server ${o.name} is already running`);
    await mkdir(o.dataDir, { recursive: true });
    await mkdir(path.dirname(o.logFile), { recursive: true });
    const out = createWriteStream(o.logFile, { flags: 'a' });
    out.write(`--- ${new Date().toISOString()} start ${o.name} on ${baseUrl}\n`);
    const main = [path.join('src', 'main.ts'), ...(o.args ?? [])];
    const proc = spawn(process.execPath, ['--import', 'tsx', ...main], {
      cwd: serverDir,
      env: serverEnv(o, port),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.pipe(out, { end: false });
    proc.stderr?.pipe(out, { end: false });
    child = proc;
    track(proc);
    exited = new Promise<Exit>((resolve) => {
      let exit: Exit = { code: null, signal: null };
      let drainTimer: NodeJS.Timeout | undefined;
      let done = false;
      const finish = (note: string) => {
        if (done) return;
        done = true;
        clearTimeout(drainTimer);
        if (child === proc) child = null;
        out.end(`--- ${new Date().toISOString()} ${o.name} ${note}\n`, () => resolve(exit));
      };
      proc.once('error', (err) => finish(`could not be started: ${err.message}`));
      proc.once('exit', (code, signal) => {
        exit = { code, signal };
        if (child === proc) child = null;
        // 'close' follows once the pipes are drained; a grandchild holding them must not hang us.
        drainTimer = setTimeout(() => finish(`exited (${signal ?? code})`), 2000);
      });
      proc.once('close', () => finish(`exited (${exit.signal ?? exit.code})`));
    });

    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (child !== proc) {
        await exited;
        throw await failure('exited before it was ready');
      }
      if (await healthy(baseUrl)) return;
      if (Date.now() > deadline) {
        await kill();
        throw await failure(`was not healthy after ${READY_TIMEOUT_MS / 1000} s`);
      }
      // The next poll, or at once when the process exits meanwhile.
      await Promise.race([new Promise((r) => setTimeout(r, HEALTH_POLL_MS)), exited]);
    }
  };

  const kill = async (): Promise<Exit> => {
    child?.kill('SIGKILL');
    return exited;
  };

  const stop = async (): Promise<Exit> => {
    const proc = child;
    if (!proc) return exited;
    const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_TIMEOUT_MS);
    proc.kill('SIGTERM');
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  const request: ServerProcess['request'] = (urlPath, init = {}) =>
    fetch(baseUrl + urlPath, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { 'x-auth-token': init.token } : {}),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });

  const outboxDir = path.join(o.dataDir, 'outbox');
  const lastMailTo = async (to: string) => {
    const files = (await readdir(outboxDir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(`-${to}.eml`))
      .sort();
    const last = files.at(-1);
    if (!last) throw new Error(`server ${o.name} sent no mail to ${to}`);
    return readFile(path.join(outboxDir, last), 'utf8');
  };

  return {
    name: o.name,
    port,
    baseUrl,
    dataDir: o.dataDir,
    logFile: o.logFile,
    get running() {
      return child !== null;
    },
    start,
    kill,
    stop,
    request,
    lastMailTo,
    readLog,
  };
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * The processes of one test and their scratch folder: each gets `root/<name>` as its data
 * folder and `root/logs/<name>.log`. `dispose` kills every one (SIGKILL) and removes the folder,
 * or keeps it and says where when asked to (a failed test's post-mortem).
 */
export type ServerFleet = {
  readonly root: string;
  /** A process (not started yet); `dataDir` defaults to `root/<name>`. */
  add: (
    o: Omit<ServerProcessOptions, 'dataDir' | 'logFile'> & { dataDir?: string },
  ) => Promise<ServerProcess>;
  dispose: (opts?: { keep?: boolean }) => Promise<void>;
};

export async function serverFleet(tag: string): Promise<ServerFleet> {
  const root = await mkdtemp(path.join(tmpdir(), `ra-${tag}-`));
  const members: ServerProcess[] = [];
  let disposed = false;
  return {
    root,
    add: async (o) => {
      if (members.some((m) => m.name === o.name)) throw new Error(`${o.name} is already added`);
      const p = await serverProcess({
        ...o,
        dataDir: o.dataDir ?? path.join(root, o.name),
        logFile: path.join(root, 'logs', `${o.name}.log`),
      });
      members.push(p);
      return p;
    },
    dispose: async ({ keep = false } = {}) => {
      if (disposed) return;
      disposed = true;
      await Promise.all(members.map((m) => m.kill()));
      if (keep) console.warn(`server processes' data and logs kept for a post-mortem: ${root}`);
      else await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * A database of its own on the PostgreSQL server of `adminUrl` (TEST_DATABASE_URL), so files
 * and runs in parallel never meet; `drop` removes it even with connections still open.
 */
export async function scratchPostgres(
  adminUrl: string,
  tag: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const safeTag = tag
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .slice(0, 20);
  const name = `ra_test_${safeTag}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
