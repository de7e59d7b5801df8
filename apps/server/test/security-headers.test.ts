import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playback } from '@ridealong/contracts';
import { races } from '../src/db/schema.js';
import { backends } from './harness.js';
import {
  localPath,
  openStack,
  type Member,
  type Stack,
  type VideoServer,
} from './upload-harness.js';

/** A packaged stream as far as serving needs it: a master playlist and a poster. */
async function readyVideo(stack: Stack, ownerId: number) {
  const mediaKey = `streams/nosniff-${Date.now()}`;
  const dir = path.join(stack.dataDir, 'media', mediaKey);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-VERSION:7\n');
  await writeFile(path.join(dir, 'poster.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
  const [row] = await stack.database.db
    .insert(races)
    .values({
      url: `nosniff-${Date.now()}`,
      title: 'Sniffed ride',
      userId: ownerId,
      status: 'ready',
      duration: 60,
      mediaKey,
      renditions: ['hd', 'sd'],
      posterFile: 'poster.jpg',
    })
    .returning();
  return row!;
}

describe.each(backends)('X-Content-Type-Options: nosniff on every answer ($name)', (backend) => {
  let stack: Stack;
  let server: VideoServer;
  let owner: Member;
  let webDist = '';
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'ra-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(webDist, 'assets', 'app-abc123.css'), 'body{margin:0}');
    stack = await openStack(backend);
    server = await stack.start({ WEB_DIST_DIR: webDist, JOB_CONCURRENCY: '0' });
    owner = await stack.member({ level: 'pro', name: 'Owner' });
  });
  afterAll(async () => {
    await stack?.dispose();
    await rm(webDist, { recursive: true, force: true });
  });

  const nosniff = (res: Response) => res.headers.get('x-content-type-options');

  it('on signed media files, manifests and their refusals', async () => {
    const race = await readyVideo(stack, owner.user.id);
    const res = await server.fetch(`/api/v1/race/${race.id}/playback?mode=full`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    const playback = (await res.json()) as Playback;
    const master = await server.fetch(localPath(playback.hls_url));
    const poster = await server.fetch(localPath(playback.poster_url ?? ''));
    const ranged = await server.fetch(localPath(playback.poster_url ?? ''), {
      headers: { range: 'bytes=0-1' },
    });
    const missing = await server.fetch(localPath(playback.hls_url).replace('master', 'nothing'));
    const forged = await server.fetch('/media/not-a-token/master.m3u8');
    expect([master, poster, ranged, missing, forged].map((r) => r.status)).toEqual([
      200, 200, 206, 404, 403,
    ]);
    for (const r of [master, poster, ranged, missing, forged]) expect(nosniff(r)).toBe('nosniff');
  });

  it('on public media files', async () => {
    const dir = path.join(stack.dataDir, 'media', 'public', 'channel-images');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, '1-abc.png'), '<html>not really a png</html>');
    const file = await server.fetch('/media/public/channel-images/1-abc.png');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(nosniff(file)).toBe('nosniff');
    const missing = await server.fetch('/media/public/channel-images/none.png');
    expect(missing.status).toBe(404);
    expect(nosniff(missing)).toBe('nosniff');
  });

  it('on the API and the web app, whose scripts and styles keep their own types', async () => {
    const answers = {
      health: await server.fetch('/healthz'),
      api: await server.fetch('/api/v1/config'),
      refused: await server.fetch('/api/v1/user/data'),
      page: await server.fetch('/featured'),
      script: await server.fetch('/assets/app-abc123.js'),
      style: await server.fetch('/assets/app-abc123.css'),
    };
    for (const r of Object.values(answers)) expect(nosniff(r)).toBe('nosniff');
    // What nosniff would block if it were wrong: scripts and styles of another type.
    expect(answers.script.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(answers.style.headers.get('content-type')).toMatch(/^text\/css/);
    expect(answers.page.headers.get('content-type')).toContain('text/html');
  });

  it('on answers made outside Fastify: tus, Socket.IO polling, Node refusals, malformed paths', async () => {
    const tusRefusal = await server.fetch('/api/v1/tus', {
      method: 'POST',
      token: owner.token,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': 'race_id eA==',
      },
    });
    expect(tusRefusal.status).toBeGreaterThanOrEqual(400);
    const tusOptions = await server.fetch('/api/v1/tus', { method: 'OPTIONS' });
    const polling = await server.fetch('/socket.io/?EIO=4&transport=polling');
    expect(polling.status).toBe(200);
    const badPath = await server.fetch('/api/v1/race/%FF');
    expect(badPath.status).toBe(400);
    expect(await badPath.json()).toEqual({
      status: 'failure',
      message: 'The address is malformed (its percent-encoding is not valid).',
    });
    for (const r of [tusRefusal, tusOptions, polling, badPath]) expect(nosniff(r)).toBe('nosniff');

    // Node refuses a NUL in a header before any handler runs.
    const { port, hostname } = new URL(server.baseUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Odd: a\u0000b\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw.toLowerCase()).toContain('x-content-type-options: nosniff');
  });
});
