import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AccountLevel } from '@ridealong/contracts';
import { createMediaRunner } from '@ridealong/media';
import type { Database } from '../src/db/client.js';
import { jobs, races, users, type RaceRow, type UserRow } from '../src/db/schema.js';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { listenApp, uniqueEmail, type Backend } from './harness.js';

/**
 * A database and a DATA_DIR that outlive one server, so a test can stop the server and start
 * another on the same state (the harness's startServer makes both fresh every time).
 */
export type Stack = {
  database: Database;
  dataDir: string;
  start: (env?: Record<string, string>) => Promise<VideoServer>;
  member: (opts?: { level?: AccountLevel; admin?: boolean; name?: string }) => Promise<Member>;
  race: (id: number) => Promise<RaceRow>;
  dispose: () => Promise<void>;
};

export type VideoServer = {
  baseUrl: string;
  /** Fetch relative to the server, with the member's token. */
  fetch: (p: string, init?: RequestInit & { token?: string }) => Promise<Response>;
  close: () => Promise<void>;
};

export type Member = { user: UserRow; token: string };

export async function openStack(backend: Backend): Promise<Stack> {
  const database = await backend.open();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ra-video-'));
  const servers = new Set<VideoServer>();
  const stack: Stack = {
    database,
    dataDir,
    async start(env = {}) {
      const { app, baseUrl } = await listenApp({ database, dataDir, env });
      const server: VideoServer = {
        baseUrl,
        fetch: (p, init = {}) => {
          const { token, ...rest } = init;
          const headers = new Headers(rest.headers);
          if (token) headers.set('x-auth-token', token);
          return fetch(baseUrl + p, { ...rest, headers });
        },
        close: async () => {
          servers.delete(server);
          await app.close();
        },
      };
      servers.add(server);
      return server;
    },
    async member(opts = {}) {
      const name = opts.name ?? 'Rider';
      const [user] = await database.db
        .insert(users)
        .values({
          email: uniqueEmail(name.toLowerCase()),
          emailVerified: true,
          username: name,
          displayName: name,
          accountLevel: opts.level ?? 'trial',
          admin: opts.admin ?? false,
        })
        .returning();
      if (!user) throw new Error('no user');
      return { user, token: await sessionStore(database.db, 3_600_000).create(user.id) };
    },
    async race(id) {
      const [row] = await database.db.select().from(races).where(eq(races.id, id));
      if (!row) throw new Error(`no race ${id}`);
      return row;
    },
    async dispose() {
      for (const s of [...servers]) await s.close();
      await database.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}

const runner = createMediaRunner();

/** A tiny test clip from ffmpeg's generated sources (320x240 keeps processing fast). */
export async function makeClip(
  dir: string,
  name: string,
  opts: { seconds?: number; width?: number; height?: number } = {},
): Promise<string> {
  const out = path.join(dir, name);
  const { seconds = 2, width = 320, height = 240 } = opts;
  await runner.ffmpeg([
    ...[
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${width}x${height}:r=25:d=${seconds}`,
    ],
    ...['-f', 'lavfi', '-i', `sine=f=440:r=48000:d=${seconds}`],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'],
    ...['-shortest', out],
  ]);
  return out;
}

export type RaceStatus = { status: string; progress: number; failure_reason: string | null };

/**
 * Polls the owner's status view until processing has settled (ready or failed). This waits for
 * an outcome of background work, which has no other signal over HTTP.
 */
export async function settledStatus(
  server: VideoServer,
  token: string,
  raceId: number,
  timeoutMs = 60_000,
): Promise<RaceStatus & { seen: string[] }> {
  const deadline = Date.now() + timeoutMs;
  const seen: string[] = [];
  for (;;) {
    const res = await server.fetch(`/api/v1/race/${raceId}/status`, { token });
    const body = (await res.json()) as RaceStatus;
    if (seen.at(-1) !== body.status) seen.push(body.status);
    if (body.status === 'ready' || body.status === 'failed') return { ...body, seen };
    if (Date.now() > deadline) throw new Error(`race ${raceId} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Polls the race's video.process job until it has finished (the sources are deleted after the
 * race shows 'ready', so checks on them wait for this).
 */
export async function finishedJob(database: Database, raceId: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [job] = await database.db.select().from(jobs).where(eq(jobs.payload, { raceId }));
    if (job && (job.state === 'done' || job.state === 'failed')) return job;
    if (Date.now() > deadline) throw new Error(`job of race ${raceId} still ${job?.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The path and query of a signed URL (they carry the public origin, http://ride.test). */
export const localPath = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
