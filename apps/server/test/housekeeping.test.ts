import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Race } from '@ridealong/contracts';
import { loadConfig } from '../src/config.js';
import { jobs, raceFiles, races } from '../src/db/schema.js';
import { localStorage } from '../src/lib/storage.js';
import { tusDirectory } from '../src/modules/uploads/tus.js';
import { pipelineHousekeeping } from '../src/modules/uploads/housekeeping.js';
import { backends } from './harness.js';
import { type Member, openStack, type Stack, type VideoServer } from './upload-harness.js';

const HOUR = 3600 * 1000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);
const b64 = (s: string) => Buffer.from(s).toString('base64');
const tus = (extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', ...extra });
const CHUNK = Buffer.alloc(1000, 7);
const UPLOAD_LENGTH = 10 * CHUNK.length;

describe.each(backends)('video pipeline housekeeping ($name)', (backend) => {
  let stack: Stack;
  let server: VideoServer;
  let owner: Member;
  let mediaDir = '';
  let tusDir = '';
  const logged: string[] = [];
  const log = {
    info: () => undefined,
    warn: (_: object, msg: string) => void logged.push(msg),
    error: (_: object, msg: string) => void logged.push(msg),
  };
  const housekeeping = () =>
    pipelineHousekeeping({
      db: stack.database.db,
      storage: localStorage(mediaDir),
      tusDir,
      uploadAbandonMs: 24 * HOUR,
      log,
    });

  beforeAll(async () => {
    stack = await openStack(backend);
    // No job runner: the job rows below must stay as the test wrote them.
    server = await stack.start({ JOB_CONCURRENCY: '0' });
    owner = await stack.member({ name: 'Uploader' });
    mediaDir = loadConfig({ DATA_DIR: stack.dataDir }).mediaDir;
    tusDir = tusDirectory(mediaDir);
  });
  afterAll(() => stack?.dispose());

  /** A video waiting for `files` files, through the API. */
  async function newVideo(name: string, files = 1): Promise<number> {
    const res = await server.fetch('/api/v1/uploads', {
      method: 'POST',
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, file_count: files }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { race: Race }).race.id;
  }

  /** Starts a tus upload for a position and sends one chunk; the upload's id. */
  async function partialUpload(raceId: number, position: number): Promise<string> {
    const post = await server.fetch('/api/v1/tus', {
      method: 'POST',
      token: owner.token,
      headers: tus({
        'upload-length': String(UPLOAD_LENGTH),
        'upload-metadata': `race_id ${b64(String(raceId))},position ${b64(String(position))},filename ${b64('ride.mp4')}`,
      }),
    });
    expect(post.status).toBe(201);
    const id = path.basename(post.headers.get('location')!);
    expect(await sendChunk(id, 0)).toBe(204);
    return id;
  }

  const sendChunk = async (id: string, offset: number) =>
    (
      await server.fetch(`/api/v1/tus/${id}`, {
        method: 'PATCH',
        token: owner.token,
        headers: tus({
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        }),
        body: CHUNK,
      })
    ).status;

  const headStatus = async (id: string) =>
    (
      await server.fetch(`/api/v1/tus/${id}`, {
        method: 'HEAD',
        token: owner.token,
        headers: tus(),
      })
    ).status;

  const tusFiles = (id: string) => [path.join(tusDir, id), path.join(tusDir, `${id}.json`)];

  /** Rows as if last touched `hours` ago. */
  async function backdateRows(raceId: number, hours: number): Promise<void> {
    const at = hoursAgo(hours);
    const { db } = stack.database;
    await db.update(races).set({ createdAt: at, updatedAt: at }).where(eq(races.id, raceId));
    await db.update(raceFiles).set({ createdAt: at }).where(eq(raceFiles.raceId, raceId));
  }

  const backdateFiles = async (files: string[], hours: number) => {
    for (const f of files) await utimes(f, hoursAgo(hours), hoursAgo(hours));
  };

  /** A source already stored for a position, as acceptFile leaves it. */
  async function storedSource(raceId: number, position: number): Promise<string> {
    const key = `uploads/${raceId}/${position}-abc123`;
    const file = path.join(mediaDir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'video bytes');
    await stack.database.db
      .update(raceFiles)
      .set({ storageKey: key, originalName: 'first.mp4', size: 11 })
      .where(and(eq(raceFiles.raceId, raceId), eq(raceFiles.position, position)));
    return file;
  }

  const rowsOf = async (raceId: number) => ({
    race: await stack.database.db.select().from(races).where(eq(races.id, raceId)),
    files: await stack.database.db.select().from(raceFiles).where(eq(raceFiles.raceId, raceId)),
  });

  it('removes an abandoned upload and keeps a recent one and one still being written', async () => {
    // Abandoned: position 0 stored, position 1 half sent, nothing touched for two days.
    const abandoned = await newVideo('Abandoned ride', 2);
    const source = await storedSource(abandoned, 0);
    const stale = await partialUpload(abandoned, 1);
    await backdateRows(abandoned, 48);
    await backdateFiles([source, ...tusFiles(stale)], 48);

    // Recent: started an hour ago.
    const recent = await newVideo('Recent ride');
    const fresh = await partialUpload(recent, 0);
    await backdateRows(recent, 1);

    // Still being written: created days ago, but a chunk has just arrived.
    const slow = await newVideo('Slow connection ride');
    const slowId = await partialUpload(slow, 0);
    await backdateRows(slow, 72);
    await backdateFiles(tusFiles(slowId), 72);
    expect(await sendChunk(slowId, CHUNK.length)).toBe(204);

    // A ready video's rows are old too, and its sources are gone: not an upload at all.
    const ready = await newVideo('Ready ride');
    await stack.database.db.update(races).set({ status: 'ready' }).where(eq(races.id, ready));
    await backdateRows(ready, 500);

    const result = await housekeeping().sweep();
    expect(logged).toEqual([]);
    expect(result.uploads).toEqual({ races: 1, orphanUploads: 0 });

    expect(await rowsOf(abandoned)).toEqual({ race: [], files: [] });
    for (const f of [source, ...tusFiles(stale)]) expect(existsSync(f)).toBe(false);
    expect(existsSync(path.join(mediaDir, 'uploads', String(abandoned)))).toBe(false);
    expect(await headStatus(stale)).toBe(404);

    for (const [raceId, id] of [
      [recent, fresh],
      [slow, slowId],
    ] as const) {
      const rows = await rowsOf(raceId);
      expect(rows.race[0]?.status).toBe('uploading');
      expect(rows.files.map((f) => f.uploadId)).toEqual([id]);
      for (const f of tusFiles(id)) expect(existsSync(f)).toBe(true);
      expect(await headStatus(id)).toBe(200);
    }
    // The slow upload carries on where it was.
    expect(await sendChunk(slowId, 2 * CHUNK.length)).toBe(204);
    expect((await rowsOf(ready)).race).toHaveLength(1);
  });

  it('removes old tus files no video refers to, and only those', async () => {
    await mkdir(tusDir, { recursive: true });
    const orphan = tusFiles('0123456789abcdef0123456789abcdef');
    const newOrphan = tusFiles('fedcba9876543210fedcba9876543210');
    for (const f of [...orphan, ...newOrphan]) await writeFile(f, '{}');
    await backdateFiles(orphan, 30);
    // Referenced by a live upload, with old files (an upload paused for a while): kept.
    const paused = await newVideo('Paused ride');
    const pausedId = await partialUpload(paused, 0);
    await backdateFiles(tusFiles(pausedId), 30);

    const result = await housekeeping().sweep();
    expect(result.uploads).toEqual({ races: 0, orphanUploads: 1 });
    for (const f of orphan) expect(existsSync(f)).toBe(false);
    for (const f of [...newOrphan, ...tusFiles(pausedId)]) expect(existsSync(f)).toBe(true);
  });

  it('is safe when several processes sweep at once', async () => {
    const abandoned = await newVideo('Twice swept ride');
    const id = await partialUpload(abandoned, 0);
    await backdateRows(abandoned, 48);
    await backdateFiles(tusFiles(id), 48);

    const results = await Promise.all([housekeeping().sweep(), housekeeping().sweep()]);
    expect(logged).toEqual([]);
    expect(results.reduce((n, r) => n + (r.uploads?.races ?? 0), 0)).toBe(1);
    expect(await rowsOf(abandoned)).toEqual({ race: [], files: [] });
    for (const f of tusFiles(id)) expect(existsSync(f)).toBe(false);
    expect((await housekeeping().sweep()).uploads).toEqual({ races: 0, orphanUploads: 0 });
  });

  it('prunes done jobs after 7 days and failed jobs after 30, never queued or running ones', async () => {
    const { db } = stack.database;
    const job = async (
      key: string,
      state: 'queued' | 'running' | 'done' | 'failed',
      days: number,
    ) => {
      const at = hoursAgo(days * 24);
      const [row] = await db
        .insert(jobs)
        .values({
          name: 'housekeeping.test',
          payload: { key },
          state,
          createdAt: at,
          updatedAt: at,
          runAt: at,
        })
        .returning({ id: jobs.id });
      return { key, id: row!.id };
    };
    const removed = [await job('old done', 'done', 8), await job('old failed', 'failed', 31)];
    const kept = [
      await job('recent done', 'done', 6),
      await job('recent failed', 'failed', 29),
      await job('failed 8 days ago', 'failed', 8),
      await job('old queued', 'queued', 90),
      await job('old running', 'running', 90),
    ];

    const result = await housekeeping().sweep();
    expect(result.prunedJobs).toBe(2);
    const left = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          [...removed, ...kept].map((j) => j.id),
        ),
      );
    expect(left.map((r) => (r.payload as { key: string }).key).sort()).toEqual(
      kept.map((j) => j.key).sort(),
    );
    expect((await housekeeping().sweep()).prunedJobs).toBe(0);
  });
});
