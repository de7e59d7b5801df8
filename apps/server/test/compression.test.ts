import { writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySeriesSchema, type Playback } from '@ridealong/contracts';
import { COMPRESSION_THRESHOLD } from '../src/http/compression.js';
import { backends } from './harness.js';
import { readyFixtureVideo } from './media-fixtures.js';
import { savedRide } from './strava-upload-fixtures.js';
import {
  localPath,
  openStack,
  type Member,
  type Stack,
  type VideoServer,
} from './upload-harness.js';

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A GET with exactly these headers and the bytes as sent: fetch adds an Accept-Encoding of its
 * own and decodes the answer, which would hide both what was asked and what came.
 */
function rawGet(baseUrl: string, p: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(baseUrl + p, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Answers compressed for clients that ask (http/compression.ts): JSON only, never media. */
describe.each(backends)('compressed answers on $name', (backend) => {
  let stack: Stack;
  let server: VideoServer;
  let rider: Member;
  let seriesPath: string;
  beforeAll(async () => {
    stack = await openStack(backend);
    server = await stack.start({ JOB_CONCURRENCY: '0' });
    rider = await stack.member({ level: 'pro', name: 'Rider' });
    const { trackId } = await savedRide(stack.database, rider.user.id);
    seriesPath = `/api/v1/tracks/${trackId}/series`;
  });
  afterAll(() => stack?.dispose());

  const get = (p: string, headers: Record<string, string> = {}) =>
    rawGet(server.baseUrl, p, { 'x-auth-token': rider.token, ...headers });

  it('sends a JSON answer of 1 KB and more gzipped when asked, and as it is otherwise', async () => {
    const plain = await get(seriesPath);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const expected = activitySeriesSchema.parse(JSON.parse(plain.body.toString('utf8')));
    expect(expected.elapsed_time).toHaveLength(90);

    const gzipped = await get(seriesPath, { 'accept-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual(expected);

    const identity = await get(seriesPath, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);
  });

  it("gives a browser's Accept-Encoding brotli", async () => {
    const res = await get(seriesPath, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
    const body: unknown = JSON.parse(brotliDecompressSync(res.body).toString('utf8'));
    expect(activitySeriesSchema.parse(body).elapsed_time).toHaveLength(90);
  });

  it('leaves a JSON answer under 1 KB as it is', async () => {
    const res = await get('/healthz', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeLessThan(COMPRESSION_THRESHOLD);
  });

  it('never compresses media: byte ranges, whole segments and HLS playlists go as stored', async () => {
    const race = await readyFixtureVideo(stack, rider.user.id);
    // A segment well over 1 KB and as compressible as text: only its type keeps it as it is.
    const segment = Buffer.from('0123456789abcdef'.repeat(512));
    await writeFile(
      path.join(stack.dataDir, 'media', race.mediaKey!, 'chunk-stream0-00001.m4s'),
      segment,
    );
    const playback = await server.fetch(`/api/v1/race/${race.id}/playback?mode=full`, {
      token: rider.token,
    });
    expect(playback.status).toBe(200);
    const p = (await playback.json()) as Playback;
    const file = (name: string, headers: Record<string, string>) =>
      get(localPath(p.hls_url).replace(/master\.m3u8$/, name), headers);
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };

    const range = await file('chunk-stream0-00001.m4s', { ...gzip, range: 'bytes=100-4195' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 100-4195/${segment.length}`);
    expect(range.body.equals(segment.subarray(100, 4196))).toBe(true);

    const whole = await file('chunk-stream0-00001.m4s', gzip);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body.equals(segment)).toBe(true);

    const playlist = await file('media_0.m3u8', gzip);
    expect(playlist.status).toBe(200);
    expect(playlist.headers['content-encoding']).toBeUndefined();
    expect(playlist.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
  });
});
