import { rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  idSchema,
  MAX_UPLOAD_FILES,
  pgIntParam,
  unstorableTextMessage,
} from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { UserRow } from '../../db/schema.js';
import { requireUser } from '../../http/auth.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { UploadsRepository } from './repository.js';
import type { UploadsService } from './service.js';

export const TUS_PATH = '/api/v1/tus';

/** Where the tus file store keeps partial uploads and their .json info files. */
export const tusDirectory = (mediaDir: string) => path.join(mediaDir, 'tus');

/** What tus hooks may throw: the request is answered with this status and body. */
type TusFailure = { status_code: number; body: string };

const failure = (status: number, message: string): TusFailure => ({
  status_code: status,
  body: JSON.stringify({ status: 'failure', message }),
});

/** The hooks see web Requests; srvx keeps the Node request they were made from. */
type HookRequest = Request & { runtime?: { node?: { req?: object } } };

/**
 * Resumable uploads (tus 1.0) at /api/v1/tus. Upload-Metadata carries race_id, position (0-based
 * join order) and filename; x-auth-token is checked on every request and only the video's owner
 * may write to it. The file store keeps offsets on disk, so an upload resumes after a restart.
 */
export function tusUploads(deps: {
  dir: string;
  maxBytes: number;
  service: UploadsService;
  repo: UploadsRepository;
  log: { error: (obj: object, msg: string) => void };
}): FastifyPluginAsync {
  const { service, repo } = deps;
  const users = new WeakMap<object, UserRow>();
  const store = new FileStore({ directory: deps.dir });
  /** Deletes an upload's bytes and its info file, whichever still exist. */
  const drop = async (id: string) => {
    await rm(path.join(deps.dir, id), { force: true });
    await store.configstore.delete(id).catch(() => undefined);
  };

  const userOf = (req: HookRequest): UserRow => {
    const node = req.runtime?.node?.req;
    const user = node ? users.get(node) : undefined;
    if (!user) throw failure(401, 'Please log in.');
    return user;
  };
  // HttpErrors from the service keep their status and message; anything else is a plain 500.
  const asFailure = (err: unknown): TusFailure => {
    if (err instanceof HttpError) return failure(err.statusCode, err.message);
    if (isTusFailure(err)) return err;
    deps.log.error({ err }, 'tus upload hook failed');
    return failure(500, 'Something went wrong on our side.');
  };
  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw asFailure(err);
    }
  };

  const tus = new Server({
    path: TUS_PATH,
    datastore: store,
    maxSize: deps.maxBytes,
    relativeLocation: true,
    allowedHeaders: ['x-auth-token'],
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      await guard(async () => {
        const user = userOf(req);
        const file = await repo.fileByUploadId(uploadId);
        const race = file ? await repo.findRaceById(file.raceId) : null;
        if (!file || !race) throw failure(404, 'Upload not found.');
        if (!can(user, 'video.uploadFiles', { ownerId: race.userId })) {
          throw failure(403, 'This upload belongs to someone else.');
        }
      });
    },
    async onUploadCreate(req, upload) {
      return guard(async () => {
        const user = userOf(req);
        const meta = readMetadata(upload);
        const slot = await service.slotFor(user, meta.raceId, meta.position);
        // A new upload for the same position replaces an abandoned one.
        if (slot.uploadId) await drop(slot.uploadId);
        const attached = await repo.attachUpload(
          slot.id,
          upload.id,
          meta.filename,
          upload.size ?? 0,
        );
        if (!attached) throw failure(409, 'This file has already been uploaded.');
        return { metadata: upload.metadata };
      });
    },
    async onUploadFinish(_req, upload) {
      const file = await guard(() => repo.fileByUploadId(upload.id));
      if (!file) throw failure(404, 'Upload not found.');
      const local = path.join(deps.dir, upload.id);
      const name = upload.metadata?.filename ?? file.originalName;
      try {
        await service.acceptFile(file, local, name, upload.offset);
        // The file itself was moved into storage; drop tus's record of it.
        await store.configstore.delete(upload.id);
        return {};
      } catch (err) {
        const f = asFailure(err);
        // A refused file (not a video, position taken) goes; after our own failure it stays.
        if (f.status_code < 500) {
          await drop(upload.id);
          await repo.detachUpload(upload.id);
        }
        return { status_code: f.status_code, body: f.body, headers: JSON_TYPE };
      }
    },
    // tus's own refusals (offset conflicts, unknown uploads) are plain text: answer in the API's shape.
    onResponseError(_req, err) {
      if (!isTusFailure(err)) return asFailure(err);
      return err.body.startsWith('{') ? undefined : failure(err.status_code, err.body.trim());
    },
  });

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    // GET would download uploads; nobody needs that.
    if (req.method === 'GET') throw notFound();
    if (req.method !== 'OPTIONS') {
      users.set(req.raw, requireUser(req));
      protocolProblem(req);
    }
    reply.hijack();
    await tus.handle(req.raw, reply.raw);
  };

  return async (app) => {
    // The body is tus's to stream to disk: no parsing, no body limit.
    app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) =>
      done(null),
    );
    app.all('/tus', { schema: { hide: true } }, handle);
    app.all('/tus/*', { schema: { hide: true } }, handle);
  };
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** Byte counts and offsets tus accepts: whole numbers a file can have. */
const BYTE_COUNT = /^\d{1,15}$/;

/**
 * The protocol checks tus answers in plain text, answered here in the API's shape first: the
 * version header, and byte counts that are whole numbers (not 1e20, -1 or text).
 */
function protocolProblem(req: FastifyRequest): void {
  if (!req.headers['tus-resumable']) {
    throw new HttpError(412, 'Tus-Resumable: send the tus protocol version (1.0.0).');
  }
  for (const name of ['upload-length', 'upload-offset'] as const) {
    const value = req.headers[name];
    if (value !== undefined && !(typeof value === 'string' && BYTE_COUNT.test(value))) {
      throw new HttpError(400, `${name}: must be a whole number of bytes.`);
    }
  }
}

function isTusFailure(err: unknown): err is TusFailure {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as TusFailure).status_code === 'number' &&
    typeof (err as TusFailure).body === 'string'
  );
}

/**
 * race_id, position and filename from Upload-Metadata, or a 400 naming the bad field: text
 * the database cannot store, an id beyond int4, a position beyond a video's files.
 */
export function readMetadata(upload: Pick<Upload, 'metadata'>): {
  raceId: number;
  position: number;
  filename: string;
} {
  const m = upload.metadata ?? {};
  const unstorable = unstorableTextMessage('Upload-Metadata', m);
  if (unstorable) throw failure(400, unstorable);
  const raceId = idSchema.safeParse(m.race_id);
  if (!m.race_id || !raceId.success) {
    throw failure(400, 'Upload-Metadata race_id: must be the id of your video.');
  }
  const position = pgIntParam(0, MAX_UPLOAD_FILES - 1).safeParse(m.position);
  if (m.position === undefined || m.position === null || m.position === '' || !position.success) {
    throw failure(
      400,
      `Upload-Metadata position: must be a whole number from 0 to ${MAX_UPLOAD_FILES - 1}.`,
    );
  }
  // By code points, so a cut never leaves half of a surrogate pair.
  const filename = Array.from(m.filename ?? '')
    .slice(0, 255)
    .join('');
  return { raceId: raceId.data, position: position.data, filename };
}
