import { readdir, readlink } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './harness.js';
import { htmlWithPngHeader } from './image-fixtures.js';
import { openStack, type Member, type Stack, type VideoServer } from './upload-harness.js';

/** Both multipart routes, sent raw so a test controls every byte and when the socket dies. */

const BOUNDARY = 'ra-test-7d9f0c';
type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer };

function formBody(parts: Part[]): Buffer {
  const chunks = parts.map((p) =>
    'value' in p
      ? Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        )
      : Buffer.concat([
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\n',
          ),
          p.data,
          Buffer.from('\r\n'),
        ]),
  );
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

const ROUTES = {
  video: { path: '/api/v1/test-upload', file: 'file', maxFields: 20 },
  image: { path: '/api/v1/channel/image', file: 'image', maxFields: 5 },
} as const;
type Route = keyof typeof ROUTES;

/** UPLOAD_MAX_BYTES of this server: refusals by size come quickly. */
const MAX_BYTES = 1_000_000;

describe.each(backends)('multipart uploads ($name)', (backend) => {
  let stack: Stack;
  let server: VideoServer;
  let owner: Member;
  beforeAll(async () => {
    stack = await openStack(backend);
    server = await stack.start({ UPLOAD_MAX_BYTES: String(MAX_BYTES), JOB_CONCURRENCY: '0' });
    owner = await stack.member({ name: 'Sender' });
  });
  afterAll(() => stack?.dispose());

  const tmpDir = () => path.join(stack.dataDir, 'media', 'tmp');
  /** Everything the uploads left in the server's scratch folder. */
  const scratchEntries = async () =>
    (await readdir(tmpDir(), { recursive: true }).catch(() => [])).length;
  /** Descriptors of this process (the server runs in it) open on files under the media folder. */
  const openMediaFiles = async () => {
    const media = path.join(stack.dataDir, 'media') + path.sep;
    const targets = await Promise.all(
      (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
    );
    return targets.filter((t) => t.startsWith(media)).length;
  };
  const leftovers = async () => ({ scratch: await scratchEntries(), fds: await openMediaFiles() });
  /** Waits for an outcome of the server's own work after a client vanished (no answer to await). */
  const eventually = async (check: () => Promise<boolean>, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not reached');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  const send = async (route: Route, body: Buffer | string, contentType?: string) => {
    const started = Date.now();
    const res = await server.fetch(ROUTES[route].path, {
      method: 'POST',
      token: owner.token,
      headers: { 'content-type': contentType ?? `multipart/form-data; boundary=${BOUNDARY}` },
      body,
      // A server that never answers fails the test instead of hanging it.
      signal: AbortSignal.timeout(10_000),
    });
    const { message } = (await res.json()) as { message: string };
    return { status: res.status, message, ms: Date.now() - started };
  };
  const videoFields = (extra: Record<string, string> = {}): Part[] =>
    Object.entries({ name: 'Evening ride', user_id: String(owner.user.id), ...extra }).map(
      ([name, value]) => ({ name, value }),
    );

  it.each(['video', 'image'] as const)(
    'answers a multipart content type without a boundary with 400 (%s)',
    async (route) => {
      for (const type of ['multipart/form-data', 'multipart/form-data; charset=utf-8']) {
        const body = formBody([{ name: ROUTES[route].file, filename: 'a', data: Buffer.alloc(9) }]);
        expect(await send(route, body, type)).toMatchObject({
          status: 400,
          message: 'The multipart/form-data content type needs a boundary parameter.',
        });
      }
    },
  );

  it.each(['video', 'image'] as const)(
    'answers at once a form with too many fields before its file, keeping nothing (%s)',
    async (route) => {
      const before = await leftovers();
      const { maxFields, file } = ROUTES[route];
      const fields = Array.from({ length: maxFields + 1 }, (_, i) => ({
        name: `f${i}`,
        value: 'x',
      }));
      // Large enough that the file arrives in later chunks than the fields.
      const data = Buffer.alloc(256 * 1024, 7);
      const answer = await send(route, formBody([...fields, { name: file, filename: 'a', data }]));
      expect(answer).toMatchObject({
        status: 400,
        message: `The form has too many fields (at most ${maxFields}).`,
      });
      expect(answer.ms).toBeLessThan(2_000);
      expect(await leftovers()).toEqual(before);
    },
  );

  it('refuses text the database cannot store in fields and file names, keeping nothing', async () => {
    const before = await leftovers();
    const clip = { name: 'file', filename: 'a.mp4', data: Buffer.alloc(64) };
    const nulName = await send('video', formBody([...videoFields({ name: 'Ride\u0000' }), clip]));
    expect(nulName).toMatchObject({
      status: 400,
      message: 'body.name: contains a character that cannot be stored',
    });
    const nulFile = await send(
      'video',
      formBody([...videoFields(), { ...clip, filename: 'a\u0000.mp4' }]),
    );
    expect(nulFile).toMatchObject({
      status: 400,
      message: 'filename.0: contains a character that cannot be stored',
    });
    expect(await leftovers()).toEqual(before);
  });

  it('leaves no file, folder or descriptor behind when uploads are refused', async () => {
    const before = await leftovers();
    const clip = { name: 'file', filename: 'a.mp4', data: Buffer.from('%PDF-1.4 not a video') };
    const refusals: Array<[Route, Part[], number]> = [
      ['video', [...videoFields(), clip], 415],
      ['video', [...videoFields({ name: 'ab' }), clip], 400],
      ['video', [...videoFields({ user_id: '999999' }), clip], 403],
      ['video', [...videoFields(), { ...clip, data: Buffer.alloc(MAX_BYTES + 1) }], 413],
      ['video', [...videoFields({ description: 'd'.repeat(20_001) }), clip], 413],
      ['image', [{ name: 'image', filename: 'a.png', data: htmlWithPngHeader() }], 400],
      ['image', [{ name: 'image', filename: 'a.png', data: Buffer.alloc(6 * 1024 ** 2) }], 413],
      ['image', [{ name: 'photo', filename: 'a.png', data: htmlWithPngHeader() }], 400],
    ];
    for (const [route, parts, status] of refusals) {
      const answer = await send(route, formBody(parts));
      expect(answer.status).toBe(status);
      expect(answer.message.length).toBeGreaterThan(0);
      // Cleaned up before the answer left: no waiting.
      expect(await leftovers()).toEqual(before);
    }
  });

  const image = (filename: string): Part => ({ name: 'image', filename, data: Buffer.from('xx') });
  const fields = (n: number): Part[] =>
    Array.from({ length: n }, (_, i) => ({ name: `f${i}`, value: 'v' }));
  const afterCompleteFile: Array<[string, Route, Part[], string]> = [
    ['a second image', 'image', [image('a.png'), image('b.png')], 'too many files (at most 1)'],
    // One file and five fields fill the image form's six parts: the sixth field is one too many.
    ['six fields', 'image', [image('a.png'), ...fields(6)], 'too many parts (at most 6)'],
    [
      '21 fields',
      'video',
      [{ name: 'file', filename: 'a.mp4', data: Buffer.from('xx') }, ...fields(21)],
      'too many fields (at most 20)',
    ],
    [
      '80 file parts',
      'video',
      Array.from({ length: 80 }, (_, i) => ({
        name: 'file',
        filename: `${i}.mp4`,
        data: Buffer.from('xx'),
      })),
      'too many files (at most 50)',
    ],
  ];
  it.each(afterCompleteFile)(
    'answers at once a form breaking a limit after a complete file: %s (%s)',
    async (_, route, parts, limit) => {
      const before = await leftovers();
      const answer = await send(route, formBody(parts));
      expect(answer).toMatchObject({ status: 400, message: `The form has ${limit}.` });
      expect(answer.ms).toBeLessThan(2_000);
      // Every file closed and the folder removed before the answer left.
      expect(await leftovers()).toEqual(before);
    },
  );

  /** Starts a request announcing all of `body` but sends only its first `sent` bytes. */
  const partialRequest = (route: Route, body: Buffer, sent: number, to: VideoServer = server) => {
    const req = request(new URL(to.baseUrl + ROUTES[route].path), {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': body.length,
        'x-auth-token': owner.token,
      },
    });
    req.on('error', () => undefined);
    req.write(body.subarray(0, sent));
    return req;
  };
  const backToBefore = (before: { scratch: number; fds: number }, ms?: number) =>
    eventually(async () => {
      const now = await leftovers();
      return now.scratch === before.scratch && now.fds === before.fds;
    }, ms);

  it.each(['video', 'image'] as const)(
    'removes the files of an upload whose client goes away mid-file (%s)',
    async (route) => {
      const before = await leftovers();
      const parts: Part[] = [
        ...(route === 'video' ? videoFields() : []),
        { name: ROUTES[route].file, filename: 'a.bin', data: Buffer.alloc(900_000, 1) },
      ];
      const req = partialRequest(route, formBody(parts), 400_000);
      // The server has the part's file open in its scratch folder...
      await eventually(async () => (await openMediaFiles()) > before.fds);
      expect(await scratchEntries()).toBeGreaterThan(before.scratch);
      // ...when the client disappears.
      req.destroy();
      await backToBefore(before);
    },
  );

  it('removes the scratch folder of a client that hangs up before its form is read', async () => {
    const before = await leftovers();
    const body = formBody([{ name: 'image', filename: 'a.bin', data: Buffer.alloc(9_000, 1) }]);
    const head =
      `POST ${ROUTES.image.path} HTTP/1.1\r\nHost: test\r\nX-Auth-Token: ${owner.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { port } = new URL(server.baseUrl);
    // Headers, some of the body and the end of the connection arrive together: the client is gone
    // while the server still checks its token, so the reader starts on a closed request.
    const hangUps = [0, 100, 200, 5_000].map(
      (sent) =>
        new Promise<void>((resolve) => {
          const socket = connect(Number(port), '127.0.0.1');
          socket.on('error', () => undefined);
          socket.on('close', () => resolve());
          socket.resume();
          socket.end(Buffer.concat([Buffer.from(head), body.subarray(0, sent)]));
        }),
    );
    await Promise.all(hangUps);
    await backToBefore(before);
  });

  describe('with HTTP_IDLE_TIMEOUT_SECONDS=1', () => {
    let quiet: VideoServer;
    beforeAll(async () => {
      quiet = await stack.start({
        UPLOAD_MAX_BYTES: String(MAX_BYTES),
        JOB_CONCURRENCY: '0',
        HTTP_IDLE_TIMEOUT_SECONDS: '1',
      });
    });
    afterAll(() => quiet?.close());

    it('cuts off a client gone quiet mid-file and frees its files', async () => {
      const before = await leftovers();
      const body = formBody([{ name: 'image', filename: 'a.bin', data: Buffer.alloc(900_000, 1) }]);
      const req = partialRequest('image', body, 400_000, quiet);
      let cutOff = false;
      req.on('close', () => (cutOff = true));
      await eventually(async () => (await openMediaFiles()) > before.fds);
      // From here on the client sends nothing: 1 s idle, then the server closes the connection.
      const quietSince = Date.now();
      await eventually(async () => {
        const now = await leftovers();
        return cutOff && now.scratch === before.scratch && now.fds === before.fds;
      }, 3_000);
      expect(Date.now() - quietSince).toBeLessThan(3_000);
    });

    it('keeps a slow upload that never goes quiet for long', async () => {
      const before = await leftovers();
      const body = formBody([{ name: 'image', filename: 'a.png', data: htmlWithPngHeader() }]);
      const req = request(new URL(quiet.baseUrl + ROUTES.image.path), {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': body.length,
          'x-auth-token': owner.token,
        },
      });
      const answered = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
      });
      // Five pieces 400 ms apart: 1.6 s in all, longer than the idle timeout, never idle for it.
      const pieces = 5;
      const size = Math.ceil(body.length / pieces);
      for (let i = 0; i < pieces; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 400));
        req.write(body.subarray(i * size, (i + 1) * size));
      }
      req.end();
      // Read to the end and refused as not an image, not cut off.
      expect(await answered).toBe(400);
      expect(await leftovers()).toEqual(before);
    });
  });
});
