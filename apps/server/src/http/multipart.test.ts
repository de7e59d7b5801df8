import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import {
  MULTIPART_MESSAGES,
  multipartBoundary,
  withMultipartForm,
  type MultipartRules,
} from './multipart.js';

describe('multipartBoundary', () => {
  it('reads the boundary, quoted or not, in any case and order of parameters', () => {
    for (const type of [
      'multipart/form-data; boundary=abc123',
      'Multipart/Form-Data; charset=utf-8; BOUNDARY="abc123"',
      'multipart/form-data;boundary=abc123 ',
    ]) {
      expect(multipartBoundary(type)).toEqual({ ok: true, boundary: 'abc123' });
    }
  });

  it('answers without a usable boundary', () => {
    const none = { ok: false, message: MULTIPART_MESSAGES.noBoundary };
    expect(multipartBoundary('multipart/form-data')).toEqual(none);
    expect(multipartBoundary('multipart/form-data; charset=utf-8')).toEqual(none);
    expect(multipartBoundary('multipart/form-data; boundary=')).toEqual(none);
    expect(multipartBoundary('multipart/form-data; boundary=""')).toEqual(none);
    expect(multipartBoundary(`multipart/form-data; boundary=${'b'.repeat(71)}`)).toEqual(none);
  });

  it('answers other content types as not multipart', () => {
    const not = { ok: false, message: MULTIPART_MESSAGES.notMultipart };
    expect(multipartBoundary(undefined)).toEqual(not);
    expect(multipartBoundary('application/json')).toEqual(not);
    expect(multipartBoundary('multipart/mixed; boundary=abc')).toEqual(not);
  });
});

/**
 * The reader on a bare node server (no Fastify, no database), so every shape of form, refusal
 * and disconnect is cheap to try; test/multipart.test.ts covers the real routes.
 */
describe('withMultipartForm', () => {
  const RULES: MultipartRules = {
    fileField: 'file',
    maxFiles: 2,
    maxFileBytes: 512 * 1024,
    tooLargeMessage: 'Too large.',
    maxFields: 3,
    maxFieldBytes: 100,
  };
  const file = (data: string | Buffer) =>
    Buffer.concat([
      Buffer.from('--BB\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n'),
      Buffer.from(data),
      Buffer.from('\r\n'),
    ]);
  const field = (name: string, value: string) =>
    Buffer.from(`--BB\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const END = Buffer.from('--BB--\r\n');
  const LARGE = Buffer.alloc(300 * 1024, 7);

  let base: string;
  let server: Server;
  let url: string;
  /** Forms handed to `use`: a refused or interrupted one never is. */
  let used = 0;

  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'ra-multipart-'));
    server = createServer((req, res) => {
      const scratch = () => mkdtemp(path.join(base, 'form-'));
      const read = withMultipartForm({ headers: req.headers, raw: req }, RULES, scratch, (form) => {
        used += 1;
        const contents = form.files.map((f) => readFile(f.path, 'latin1'));
        return Promise.all(contents).then((data) => ({ ...form, data }));
      });
      read.then(
        (form) => res.end(JSON.stringify(form)),
        (error: unknown) => {
          res.statusCode = error instanceof HttpError ? error.statusCode : 500;
          res.end(JSON.stringify({ message: error instanceof Error ? error.message : '' }));
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(base, { recursive: true, force: true });
  });

  /** Scratch folders left and descriptors this process (the server's) holds on them. */
  const leftovers = async () => {
    const fds = await Promise.all(
      (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
    );
    return {
      folders: (await readdir(base)).length,
      fds: fds.filter((t) => t.startsWith(base + path.sep)).length,
    };
  };
  const post = async (body: Buffer) => {
    const started = Date.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=BB' },
      body,
      // A reader that never answers fails the test instead of hanging it.
      signal: AbortSignal.timeout(5_000),
    });
    const answer = (await res.json()) as { message?: string; fields?: object; data?: string[] };
    return { status: res.status, ...answer, ms: Date.now() - started };
  };
  const eventually = async (check: () => Promise<boolean>, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not reached');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('reads fields and files, then removes the folder', async () => {
    const body = Buffer.concat([field('name', 'Ride'), file('xx'), file(LARGE), END]);
    const answer = await post(body);
    expect(answer).toMatchObject({ status: 200, fields: { name: 'Ride' } });
    expect(answer.data?.map((d) => d.length)).toEqual([2, LARGE.length]);
    expect(await leftovers()).toEqual({ folders: 0, fds: 0 });
  });

  const fourFields = ['f1', 'f2', 'f3', 'f4'].map((n) => field(n, 'v'));
  const refusals: Array<[string, Buffer[], number, string]> = [
    [
      'a file over the count after complete ones',
      [file('a'), file('b'), file('c'), END],
      400,
      MULTIPART_MESSAGES.tooManyFiles(2),
    ],
    [
      'a file over the count after large ones',
      [file(LARGE), file(LARGE), file('c'), END],
      400,
      MULTIPART_MESSAGES.tooManyFiles(2),
    ],
    [
      'many file parts',
      [...Array.from({ length: 80 }, () => file('xx')), END],
      400,
      MULTIPART_MESSAGES.tooManyFiles(2),
    ],
    [
      'a field over the count after a complete file',
      [file('a'), ...fourFields, END],
      400,
      MULTIPART_MESSAGES.tooManyFields(3),
    ],
    [
      'a field too long after a complete file',
      [file(LARGE), field('f', 'x'.repeat(101)), END],
      413,
      MULTIPART_MESSAGES.fieldTooLong('f', 100),
    ],
    [
      'a file over the size limit after a complete one',
      [file('a'), file(Buffer.alloc(600 * 1024)), END],
      413,
      'Too large.',
    ],
    [
      'a part without headers after a complete file',
      [file('a'), Buffer.from('--BB\r\nbroken\r\n\r\n')],
      400,
      MULTIPART_MESSAGES.malformed,
    ],
    [
      'a body ending inside a file',
      [file('a'), file(LARGE).subarray(0, 100_000)],
      400,
      MULTIPART_MESSAGES.malformed,
    ],
  ];
  it.each(refusals)('answers %s at once, keeping nothing', async (_, parts, status, message) => {
    const before = used;
    const answer = await post(Buffer.concat(parts));
    expect(answer).toMatchObject({ status, message });
    expect(answer.ms).toBeLessThan(2_000);
    // Removed before the answer left.
    expect(await leftovers()).toEqual({ folders: 0, fds: 0 });
    expect(used).toBe(before);
  });

  /** Sends the headers of all of `body` but only its first `sent` bytes, then hangs up. */
  const hangUpAfter = (body: Buffer, sent: number) =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
      // Reads whatever the server answers, so the server's end of the connection closes this one.
      socket.resume();
      const head =
        'POST / HTTP/1.1\r\nHost: test\r\nContent-Type: multipart/form-data; boundary=BB\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`;
      socket.end(Buffer.concat([Buffer.from(head), body.subarray(0, sent)]));
    });

  it('removes everything of a client that hangs up at any byte of a small form', async () => {
    const before = used;
    const body = Buffer.concat([field('name', 'Ride'), file('xx'), file('yy'), END]);
    const cuts = Array.from({ length: body.length }, (_, i) => i);
    await Promise.all(cuts.map((cut) => hangUpAfter(body, cut)));
    await eventually(async () => {
      const now = await leftovers();
      return now.folders === 0 && now.fds === 0;
    });
    expect(used).toBe(before);
  });

  it('removes everything of a client that hangs up anywhere in large files', async () => {
    const before = used;
    const body = Buffer.concat([file(LARGE), file(LARGE), END]);
    const cuts = Array.from({ length: 40 }, (_, i) => Math.floor((body.length * i) / 40));
    // Right after each file's last byte, before the next boundary or the closing one.
    cuts.push(file(LARGE).length, 2 * file(LARGE).length, body.length - 1);
    await Promise.all(cuts.map((cut) => hangUpAfter(body, cut)));
    await eventually(async () => {
      const now = await leftovers();
      return now.folders === 0 && now.fds === 0;
    });
    expect(used).toBe(before);
  });
});
