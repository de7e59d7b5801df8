import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopEvents } from '@ridealong/contracts';
import { createMediaRunner } from '@ridealong/media';
import { fakeLogger } from '../../../test/fakes.js';
import { createUploaderSession, UPLOADER_TEXT } from './session.js';
import { createUploadStateStore, type UploadState } from './state-store.js';
import { MIN_CHUNK_BYTES } from './tus-upload.js';

const TOKEN = 'member-token';
let root: string;
let http: HttpServer;
let serverUrl: string;
let created = 0;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'uploader-session-'));
  await mkdir(path.join(root, 'tus'));
  created = 0;
  const tus = new TusServer({
    path: '/api/v1/tus',
    datastore: new FileStore({ directory: path.join(root, 'tus') }),
    relativeLocation: true,
    allowedHeaders: ['x-auth-token'],
  });
  http = createServer((req, res) => {
    if (req.headers['x-auth-token'] !== TOKEN)
      return void res.writeHead(401).end('{"message":"Please log in."}');
    if (req.method === 'POST' && req.url === '/api/v1/uploads') {
      created += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ race: { id: 7, url: 'abc-video' } }));
    }
    void tus.handle(req, res);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  serverUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterEach(async () => {
  http.closeAllConnections();
  await new Promise((r) => http.close(r));
  await rm(root, { recursive: true, force: true });
});

/** fetch that holds every PATCH after the first `passing` ones until the request is aborted. */
function gatedFetch(passing: number) {
  const patches: { offset: number; held: boolean }[] = [];
  const fn: typeof fetch = async (url, init) => {
    if (init?.method === 'PATCH') {
      const headers = init.headers as Record<string, string>;
      const held = patches.length >= passing;
      patches.push({ offset: Number(headers['upload-offset']), held });
      if (held) {
        return new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        );
      }
    }
    return fetch(url, init);
  };
  return { fn, patches };
}

/** The joined file and state as a finished join leaves them (the join itself: local-join.test.ts). */
async function pendingUpload(
  userData: string,
  size: number,
): Promise<{ state: UploadState; bytes: Buffer }> {
  const workDir = path.join(userData, 'temp', 'upload-1');
  await mkdir(workDir, { recursive: true });
  const bytes = randomBytes(size);
  await writeFile(path.join(workDir, 'joined.mp4'), bytes);
  const state: UploadState = {
    version: 1,
    file: path.join(workDir, 'joined.mp4'),
    workDir,
    size,
    filename: 'Ride.mp4',
    video: { name: 'Ride', description: '', search_visible: true, channel_visible: true },
    race: null,
    uploadUrl: null,
  };
  await createUploadStateStore(userData).save(state);
  return { state, bytes };
}

function session(userData: string, fetchFn: typeof fetch) {
  const events: { channel: string; payload: unknown }[] = [];
  const s = createUploaderSession({
    runner: createMediaRunner(),
    fetch: fetchFn,
    serverUrl,
    paths: { userData, temp: path.join(userData, 'temp') },
    store: createUploadStateStore(userData),
    log: fakeLogger(),
    emit: (channel, payload) => void events.push({ channel, payload }),
    retryDelaysMs: [],
  });
  const progress = () =>
    events
      .filter((e) => e.channel === 'uploader-progress')
      .map((e) => e.payload as DesktopEvents['uploader-progress']);
  return { s, events, progress };
}

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('uploader session', () => {
  it('pauses halfway, survives a restart and resumes from the server’s offset', async () => {
    const userData = path.join(root, 'user');
    const size = MIN_CHUNK_BYTES * 4 + 1000;
    const { bytes } = await pendingUpload(userData, size);

    const gate = gatedFetch(2);
    const first = session(userData, gate.fn);
    void first.s.resume(TOKEN);
    await until(() => gate.patches.some((p) => p.held));
    expect(first.progress().at(-1)).toMatchObject({
      phase: 'uploading',
      bytesSent: 2 * MIN_CHUNK_BYTES,
    });
    await first.s.pause();
    expect(first.progress().at(-1)).toMatchObject({
      phase: 'paused',
      bytesSent: 2 * MIN_CHUNK_BYTES,
    });
    await first.s.dispose();

    // The app restarts on the same userData: the page asks, then resumes.
    const gate2 = gatedFetch(Infinity);
    const second = session(userData, gate2.fn);
    await second.s.status();
    expect(second.progress()).toEqual([
      { phase: 'paused', percent: 0, bytesSent: 0, bytesTotal: size },
    ]);
    await second.s.resume(TOKEN);
    expect(gate2.patches[0]?.offset).toBe(2 * MIN_CHUNK_BYTES);
    expect(second.events.at(-1)).toEqual({
      channel: 'uploader-finished',
      payload: { race_url: 'abc-video' },
    });
    expect(created).toBe(1);
    // The server has exactly the file; the state and the work folder are gone.
    const stored = (await readdir(path.join(root, 'tus'))).filter((f) => !f.endsWith('.json'));
    expect(stored).toHaveLength(1);
    expect((await readFile(path.join(root, 'tus', stored[0] as string))).equals(bytes)).toBe(true);
    expect(await createUploadStateStore(userData).load()).toBeNull();
    expect(await readdir(path.join(userData, 'temp'))).toEqual([]);
  });

  it('stops on a network drop with a message, and the resume continues', async () => {
    const userData = path.join(root, 'user');
    const size = MIN_CHUNK_BYTES * 3;
    await pendingUpload(userData, size);
    let drop = true;
    let patches = 0;
    const flaky: typeof fetch = async (url, init) => {
      if (init?.method === 'PATCH' && ++patches === 2 && drop) throw new TypeError('fetch failed');
      return fetch(url, init);
    };
    const { s, events } = session(userData, flaky);
    await s.resume(TOKEN);
    expect(events.at(-1)?.channel).toBe('uploader-error');
    expect((events.at(-1)?.payload as { message: string }).message).toMatch(/connection/);
    drop = false;
    await s.resume(TOKEN);
    expect(events.at(-1)).toEqual({
      channel: 'uploader-finished',
      payload: { race_url: 'abc-video' },
    });
  });

  it('tells a signed-out member to log in, and that there is nothing to resume', async () => {
    const userData = path.join(root, 'user');
    const { s, events } = session(userData, fetch);
    await s.resume(TOKEN);
    expect(events).toEqual([
      { channel: 'uploader-error', payload: { message: UPLOADER_TEXT.nothingToResume } },
    ]);
    await pendingUpload(userData, 1000);
    const other = session(userData, fetch);
    await other.s.resume('wrong');
    expect(other.events.at(-1)).toEqual({
      channel: 'uploader-error',
      payload: { message: 'Please log in again.' },
    });
  });

  it('refuses a second upload while one is pending, and forgets it on cancel', async () => {
    const userData = path.join(root, 'user');
    const { state } = await pendingUpload(userData, 1000);
    const { s, events } = session(userData, fetch);
    await s.start([{ path: state.file, startOffsetS: null, endOffsetS: null }], state.video, TOKEN);
    expect(events).toEqual([
      { channel: 'uploader-error', payload: { message: UPLOADER_TEXT.busy } },
    ]);
    expect(await s.inUse()).toEqual([state.workDir]);
    await s.cancel();
    expect(await s.inUse()).toEqual([]);
    expect(await readdir(path.join(userData, 'temp'))).toEqual([]);
  });
});
