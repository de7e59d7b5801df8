import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUploadResponseSchema,
  createUploadSchema,
  failureSchema,
  raceIdParamsSchema,
  raceStatusSchema,
} from '@ridealong/contracts';
import type { RaceRow, UserRow } from '../../db/schema.js';
import { requireUser } from '../../http/auth.js';
import { badRequest, forbidden, HttpError } from '../../http/errors.js';
import type { Storage } from '../../lib/storage.js';
import type { MediaSigner } from '../media/signing.js';
import { presentRace } from '../races/presenter.js';
import { parseMultipartFields } from './form.js';
import type { UploadsService } from './service.js';

const errors = {
  400: failureSchema,
  401: failureSchema,
  403: failureSchema,
  404: failureSchema,
  409: failureSchema,
  413: failureSchema,
  415: failureSchema,
};

export type UploadRoutesDeps = {
  service: UploadsService;
  storage: Storage;
  signer: MediaSigner;
  publicUrl: string;
  maxBytes: number;
};

/** POST /uploads (then tus), POST /test-upload (multipart) and the owner's status view. */
export const uploadsRoutes =
  (deps: UploadRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { service } = deps;
    const present = (race: RaceRow, me: UserRow) =>
      presentRace({ race, owner: me }, deps.signer, deps.publicUrl);

    app.post(
      '/uploads',
      {
        schema: {
          tags: ['videos'],
          body: createUploadSchema,
          response: { 200: createUploadResponseSchema, ...errors },
        },
      },
      async (req) => {
        const me = requireUser(req);
        const { file_count: count, ...form } = req.body;
        return { race: present(await service.createUpload(me, form, count), me) };
      },
    );

    app.get(
      '/race/:id/status',
      {
        schema: {
          tags: ['videos'],
          params: raceIdParamsSchema,
          response: { 200: raceStatusSchema, ...errors },
        },
      },
      async (req) => {
        const race = await service.ownRace(requireUser(req), req.params.id);
        return { status: race.status, progress: race.progress, failure_reason: race.failureReason };
      },
    );

    await app.register(async (form) => {
      await form.register(multipart, {
        limits: { fileSize: deps.maxBytes, files: 50, fields: 20, fieldSize: 20_000, parts: 70 },
      });
      form.post(
        '/test-upload',
        {
          schema: {
            tags: ['videos'],
            consumes: ['multipart/form-data'],
            response: { 200: createUploadResponseSchema, ...errors },
          },
        },
        async (req) => {
          const me = requireUser(req);
          if (!req.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
          const dir = await deps.storage.tempDir('multipart');
          try {
            const { fields, files } = await readParts(req.parts(), dir).catch((err: unknown) => {
              throw isTooLarge(err) ? tooLarge(deps.maxBytes) : err;
            });
            const parsed = parseMultipartFields(fields);
            if (!parsed.ok) throw badRequest(parsed.message);
            if (parsed.value.userId !== me.id) {
              throw forbidden('You can only upload videos to your own account.');
            }
            if (files.length === 0) throw badRequest('body.file: Required');
            const race = await service.createFromFiles(me, parsed.value.form, files);
            return { race: present(race, me) };
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        },
      );
    });
  };

const isTooLarge = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** Same wording for tus and the form: the limit in GB (or MB for small limits). */
export const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    `Each file can be up to ${maxBytes >= 1e9 ? `${Math.floor(maxBytes / 1e9)} GB` : `${Math.max(1, Math.floor(maxBytes / 1e6))} MB`}.`,
  );

type SavedFile = { path: string; name: string; size: number };

/** Fields as strings; `file` parts streamed to disk in arrival order, which is the join order. */
async function readParts(
  parts: AsyncIterableIterator<Multipart>,
  dir: string,
): Promise<{ fields: Record<string, string>; files: SavedFile[] }> {
  const fields: Record<string, string> = {};
  const files: SavedFile[] = [];
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
    } else if (part.fieldname !== 'file') {
      part.file.resume(); // not ours: drained and ignored
    } else {
      const target = path.join(dir, String(files.length));
      const out = createWriteStream(target);
      await pipeline(part.file, out);
      files.push({ path: target, name: part.filename, size: out.bytesWritten });
    }
  }
  return { fields, files };
}
