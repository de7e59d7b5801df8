import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migratedTemplate } from './database-templates.js';
import { outboxMailer, type Mailer } from '../src/lib/mailer.js';
import { memoryRateLimiter, type RateLimiter } from '../src/lib/rate-limiter.js';
import type { InterServerBus } from '../src/realtime/inter-server-bus.js';

export type Backend = {
  name: 'pglite' | 'postgres';
  open: () => Promise<Database & { drop: () => Promise<void> }>;
};

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.warn(
    'TEST_DATABASE_URL is not set: server integration tests run on embedded PGlite only.',
  );
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (each test file gets its own database). */
export const backends: Backend[] = [
  {
    name: 'pglite',
    open: async () => {
      const db = await openDatabase({ databaseUrl: null, pgliteDir: null });
      return { ...db, drop: async () => undefined };
    },
  },
  ...(adminUrl
    ? [
        {
          name: 'postgres' as const,
          open: async () => {
            const name = `ra_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
            const template = await migratedTemplate(adminUrl);
            const admin = new pg.Client({ connectionString: adminUrl });
            await admin.connect();
            await admin.query(`create database ${name} template ${template}`);
            await admin.end();
            const url = new URL(adminUrl);
            url.pathname = `/${name}`;
            const db = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
            return {
              ...db,
              drop: async () => {
                const a = new pg.Client({ connectionString: adminUrl });
                await a.connect();
                await a.query(`drop database if exists ${name} with (force)`);
                await a.end();
              },
            };
          },
        },
      ]
    : []),
];

/**
 * The real app on a database and data folder, on a random loopback port, with silent logs, no
 * sample data and mail to `dataDir/outbox` (tests, restarts on the same data, the benchmark).
 */
export async function listenApp(opts: {
  database: Database;
  dataDir: string;
  env?: Record<string, string>;
  rateLimiter?: RateLimiter;
  /** Instead of the outbox (a test of mail that cannot be sent). */
  mailer?: Mailer;
  /** One bus shared by several apps in this process (app.ts). */
  interServer?: InterServerBus;
}): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const config = loadConfig({
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://ride.test',
    SEED_SAMPLE_DATA: 'false',
    ...opts.env,
  });
  const mailer =
    opts.mailer ??
    outboxMailer(path.join(opts.dataDir, 'outbox'), config.mailFrom, {
      info: () => undefined,
    });
  const app = await buildApp({
    config,
    database: opts.database,
    mailer,
    rateLimiter: opts.rateLimiter ?? memoryRateLimiter(),
    promoVideo: null,
    interServer: opts.interServer,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

export type TestServer = {
  baseUrl: string;
  database: Database;
  outboxDir: string;
  post: (path: string, body: unknown, token?: string) => Promise<Response>;
  get: (path: string, token?: string) => Promise<Response>;
  put: (path: string, body: unknown, token?: string) => Promise<Response>;
  /** The newest mail sent to `to`, as raw .eml text. */
  lastMailTo: (to: string) => Promise<string>;
  close: () => Promise<void>;
};

export async function startServer(
  backend: Backend,
  env: Record<string, string> = {},
  rateLimiter: RateLimiter = memoryRateLimiter(),
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ra-test-'));
  const database = await backend.open();
  const outboxDir = path.join(dataDir, 'outbox');
  const { app, baseUrl } = await listenApp({ database, dataDir, env, rateLimiter });
  const call = (method: string) => (p: string, body?: unknown, token?: string) =>
    fetch(baseUrl + p, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { 'x-auth-token': token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    baseUrl,
    database,
    outboxDir,
    post: (p, b, t) => call('POST')(p, b, t),
    put: (p, b, t) => call('PUT')(p, b, t),
    get: (p, t) => call('GET')(p, undefined, t),
    lastMailTo: async (to) => {
      const files = (await readdir(outboxDir)).filter((f) => f.endsWith(`-${to}.eml`)).sort();
      const last = files.at(-1);
      if (!last) throw new Error(`no mail to ${to}`);
      return readFile(path.join(outboxDir, last), 'utf8');
    },
    close: async () => {
      await app.close();
      await database.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link in a mail that contains `marker`, undoing quoted-printable wrapping. */
export function linkFrom(eml: string, marker: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = text.match(/https?:\/\/[^\s"<>]+/g)?.find((l) => l.includes(marker));
  if (!link) throw new Error(`no link with ${marker} in mail`);
  return link;
}

let counter = 0;
export const uniqueEmail = (tag = 'rider') => `${tag}-${Date.now()}-${++counter}@example.com`;
