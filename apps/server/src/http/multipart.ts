import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { unstorableTextMessage } from '@ridealong/contracts';
import { badRequest, HttpError } from './errors.js';

/**
 * Every multipart route reads its form through `withMultipartForm`, so the rules live here:
 * limits answer 4xx with a message, file parts stream into a scratch folder of their own, and
 * that folder (with every file and descriptor in it) is gone when the call ends, whether the
 * form was used, refused, or the client went away mid-body.
 */

/** What one route accepts; anything beyond it is refused before it reaches the disk. */
export type MultipartRules = {
  /** File parts under this name are kept (in arrival order); others are skipped unread. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** The 413 message of a file over `maxFileBytes` (each route words its own limit). */
  tooLargeMessage: string;
  maxFields: number;
  maxFieldBytes: number;
};

export type ReceivedFile = { path: string; name: string; size: number };
export type MultipartForm = { fields: Record<string, string>; files: ReceivedFile[] };

export const MULTIPART_MESSAGES = {
  notMultipart: 'Send the form as multipart/form-data.',
  noBoundary: 'The multipart/form-data content type needs a boundary parameter.',
  malformed: 'The form could not be read: it is cut short or malformed.',
  interrupted: 'The upload was interrupted.',
  tooManyFields: (max: number) => `The form has too many fields (at most ${max}).`,
  tooManyFiles: (max: number) => `The form has too many files (at most ${max}).`,
  tooManyParts: (max: number) => `The form has too many parts (at most ${max}).`,
  fieldTooLong: (name: string, max: number) => `body.${name}: must be at most ${max} bytes`,
} as const;

/** The content type's verdict: a boundary to parse with, or the 400 message. */
export function multipartBoundary(
  contentType: string | undefined,
): { ok: true; boundary: string } | { ok: false; message: string } {
  const [type = '', ...params] = (contentType ?? '').split(';');
  if (type.trim().toLowerCase() !== 'multipart/form-data') {
    return { ok: false, message: MULTIPART_MESSAGES.notMultipart };
  }
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'boundary') continue;
    const boundary = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    // RFC 2046: 1 to 70 characters.
    if (boundary.length > 0 && boundary.length <= 70) return { ok: true, boundary };
  }
  return { ok: false, message: MULTIPART_MESSAGES.noBoundary };
}

/**
 * Fastify answers 415 to a content type without a parser; this one leaves the body unread for
 * `withMultipartForm`. Call it in each plugin with a multipart route.
 */
export function acceptMultipart(app: {
  hasContentTypeParser: (type: string) => boolean;
  addContentTypeParser: (
    type: string,
    parser: (req: unknown, payload: unknown, done: (err: null) => void) => void,
  ) => void;
}): void {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
}

/** Reads the form into a fresh scratch folder, runs `use`, then removes the folder. */
export async function withMultipartForm<T>(
  req: Pick<FastifyRequest, 'headers' | 'raw'>,
  rules: MultipartRules,
  scratchDir: () => Promise<string>,
  use: (form: MultipartForm) => Promise<T>,
): Promise<T> {
  const verdict = multipartBoundary(req.headers['content-type']);
  if (!verdict.ok) throw badRequest(verdict.message);
  const dir = await scratchDir();
  try {
    const form = await readForm(req.raw, dir, rules);
    // Multipart parts skip the app's JSON text check; the same rule applies to them here.
    const unstorable =
      unstorableTextMessage('body', form.fields) ??
      unstorableTextMessage(
        'filename',
        form.files.map((f) => f.name),
      );
    if (unstorable) throw badRequest(unstorable);
    return await use(form);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Parses the body with busboy. A refusal detaches the parser, destroys the files being written
 * and waits until they are closed before rejecting; the rest of the body is then read and
 * dropped, so the client can read the answer on a connection that stays usable.
 */
function readForm(
  raw: IncomingMessage,
  dir: string,
  rules: MultipartRules,
): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      parser = new Busboy({
        headers: { ...raw.headers, 'content-type': raw.headers['content-type'] ?? '' },
        limits: {
          fields: rules.maxFields,
          fieldSize: rules.maxFieldBytes,
          files: rules.maxFiles,
          fileSize: rules.maxFileBytes,
          parts: rules.maxFields + rules.maxFiles,
          headerPairs: 20,
        },
      });
    } catch {
      reject(badRequest(MULTIPART_MESSAGES.noBoundary));
      return;
    }
    const fields = new Map<string, string>();
    const files: ReceivedFile[] = [];
    const sinks: Sink[] = [];
    const writes: Array<Promise<void>> = [];
    let done = false;

    const fail = (error: HttpError) => {
      if (done) return;
      done = true;
      raw.unpipe(parser);
      raw.resume();
      // Waiting on the copies themselves could wait forever: a part busboy has ended but not yet
      // emitted 'end' for, once destroyed, leaves its pipeline pending with the file still open.
      // The files are closed directly instead, whatever state their parts are in.
      for (const sink of sinks) sink.abandon();
      void Promise.all(sinks.map((s) => s.closed)).then(() => reject(error));
    };
    const finish = () => {
      void Promise.all(writes).then(() => {
        if (done) return;
        done = true;
        resolve({ fields: Object.fromEntries(fields), files });
      });
    };

    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) {
        fail(new HttpError(413, MULTIPART_MESSAGES.fieldTooLong(name, rules.maxFieldBytes)));
      } else {
        fields.set(name, value);
      }
    });
    parser.on('file', (name, stream, filename) => {
      if (done || name !== rules.fileField) {
        stream.resume();
        return;
      }
      const file: ReceivedFile = {
        path: path.join(dir, String(files.length)),
        name: filename,
        size: 0,
      };
      files.push(file);
      stream.on('limit', () => fail(new HttpError(413, rules.tooLargeMessage)));
      const sink = saveTo(stream, file.path);
      sinks.push(sink);
      writes.push(
        sink.saved.then(
          (size) => void (file.size = size),
          () => fail(badRequest(MULTIPART_MESSAGES.malformed)),
        ),
      );
    });
    parser.on('fieldsLimit', () =>
      fail(badRequest(MULTIPART_MESSAGES.tooManyFields(rules.maxFields))),
    );
    parser.on('filesLimit', () =>
      fail(badRequest(MULTIPART_MESSAGES.tooManyFiles(rules.maxFiles))),
    );
    parser.on('partsLimit', () =>
      fail(badRequest(MULTIPART_MESSAGES.tooManyParts(rules.maxFields + rules.maxFiles))),
    );
    parser.on('error', () => fail(badRequest(MULTIPART_MESSAGES.malformed)));
    parser.on('finish', finish);
    // The client went away (or the idle timeout cut it off) before the whole body came: nobody
    // reads an answer, but the files go.
    raw.on('close', () => {
      if (!raw.complete) fail(badRequest(MULTIPART_MESSAGES.interrupted));
    });
    raw.on('error', () => fail(badRequest(MULTIPART_MESSAGES.interrupted)));
    // A client gone before this point (the auth hook and the scratch folder come first) sends no
    // more events, and the body would never end.
    if (raw.destroyed && !raw.complete) fail(badRequest(MULTIPART_MESSAGES.interrupted));
    raw.pipe(parser);
  });
}

/** One file part on its way to disk. */
type Sink = {
  /** The part's size once it is all written and the file closed; rejects if either failed. */
  saved: Promise<number>;
  /** Resolves once the file's descriptor is closed, however the write ended. */
  closed: Promise<void>;
  /** Stops the write where it is and closes the file (then `closed` resolves). */
  abandon: () => void;
};

function saveTo(stream: BusboyFileStream, file: string): Sink {
  const out = createWriteStream(file);
  // Listened to from the start: the file may close before anyone asks.
  const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
  return {
    saved: pipeline(stream, out)
      .then(() => closed)
      .then(() => out.bytesWritten),
    closed,
    abandon: () => {
      stream.destroy();
      out.destroy();
    },
  };
}
