import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Race } from '@ridealong/contracts';
import { backends } from './harness.js';
import { makeClip, openStack, settledStatus, type Stack } from './upload-harness.js';

let clip = Buffer.alloc(0);
let clipsDir = '';
beforeAll(async () => {
  clipsDir = await mkdtemp(path.join(tmpdir(), 'ra-restart-'));
  clip = await readFile(await makeClip(clipsDir, 'ride.mp4', { seconds: 3 }));
});
afterAll(() => rm(clipsDir, { recursive: true, force: true }));

const tus = (extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', ...extra });

describe.each(backends)('across a server restart ($name)', (backend) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await openStack(backend);
  });
  afterAll(() => stack?.dispose());

  it('resumes a half-sent tus upload where it stopped, then processes it', async () => {
    const owner = await stack.member({ name: 'Resumer' });
    const first = await stack.start();
    const created = await first.fetch('/api/v1/uploads', {
      method: 'POST',
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Interrupted ride', file_count: 1 }),
    });
    const { race } = (await created.json()) as { race: Race };
    const post = await first.fetch('/api/v1/tus', {
      method: 'POST',
      token: owner.token,
      headers: tus({
        'upload-length': String(clip.length),
        'upload-metadata': `race_id ${b64(String(race.id))},position ${b64('0')},filename ${b64('ride.mp4')}`,
      }),
    });
    expect(post.status).toBe(201);
    const location = post.headers.get('location')!;
    expect(location).toMatch(/^\/api\/v1\/tus\/[0-9a-f]+$/);

    const half = Math.floor(clip.length / 2);
    const patch = await first.fetch(location, {
      method: 'PATCH',
      token: owner.token,
      headers: tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      body: clip.subarray(0, half),
    });
    expect(patch.status).toBe(204);
    expect(patch.headers.get('upload-offset')).toBe(String(half));

    // The server goes away mid-upload; a new process starts on the same disk and database.
    await first.close();
    const second = await stack.start();
    const head = await second.fetch(location, {
      method: 'HEAD',
      token: owner.token,
      headers: tus(),
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('upload-length')).toBe(String(clip.length));

    // The real client resumes from the stored URL: it asks for the offset and sends the rest.
    const offsets: string[] = [];
    await new Promise<void>((resolve, reject) => {
      new Upload(clip, {
        uploadUrl: second.baseUrl + location,
        headers: { 'x-auth-token': owner.token },
        retryDelays: [],
        onBeforeRequest: (req) => {
          if (req.getMethod() === 'PATCH') offsets.push(req.getHeader('Upload-Offset') ?? '');
        },
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    expect(offsets[0]).toBe(String(half));

    expect(await settledStatus(second, owner.token, race.id)).toMatchObject({ status: 'ready' });
    const row = await stack.race(race.id);
    expect(row.duration).toBeCloseTo(3, 0);
    expect(row.renditions).toEqual(['sd']);
  });

  it('keeps a queued job across a restart and runs it on the next start', async () => {
    const owner = await stack.member({ name: 'Queued' });
    // JOB_CONCURRENCY=0: this process takes uploads but runs no jobs.
    const apiOnly = await stack.start({ JOB_CONCURRENCY: '0' });
    const form = new FormData();
    form.append('name', 'Queued ride');
    form.append('user_id', String(owner.user.id));
    form.append('file', new Blob([clip]), 'queued.mp4');
    const res = await apiOnly.fetch('/api/v1/test-upload', {
      method: 'POST',
      token: owner.token,
      body: form,
    });
    expect(res.status).toBe(200);
    const { race } = (await res.json()) as { race: Race };
    expect(race.status).toBe('uploaded');
    await apiOnly.close();

    const worker = await stack.start();
    expect(await settledStatus(worker, owner.token, race.id)).toMatchObject({ status: 'ready' });
  });
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
