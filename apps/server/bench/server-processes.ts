import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real server processes for a load bench: `node --import tsx src/main.ts` on a shared
 * PostgreSQL database, so the load generator's own CPU is not the server's and each server's
 * CPU can be read from /proc. Several processes share the database (and REDIS_URL when set):
 * the two-process variant of the ride load is `BENCH_PROCESSES=2`.
 */
export type BenchProcess = { baseUrl: string; pid: number; stop: () => Promise<void> };

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

/** Starts one server and waits until /healthz answers (60 s at most). */
export async function startServerProcess(opts: {
  databaseUrl: string;
  /** Roles and other arguments of main.ts (e.g. --role=api,realtime), when given. */
  args?: string[];
}): Promise<BenchProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ra-load-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      // BENCH_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof') to profile the servers.
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      path.join('src', 'main.ts'),
      ...(opts.args ?? []),
    ],
    {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseUrl,
        DATABASE_URL: opts.databaseUrl,
        REDIS_URL: process.env.REDIS_URL ?? '',
        SEED_SAMPLE_DATA: 'false',
        LOG_LEVEL: 'warn',
        LOCAL_PAYMENTS: 'true',
        MEDIA_SIGNING_SECRET: 'bench-signing-secret-0123456789abcdef',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    await rm(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 60_000; !(await healthy(baseUrl));) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, pid: child.pid ?? 0, stop };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return ticks / 100; // USER_HZ is 100 on Linux
}
