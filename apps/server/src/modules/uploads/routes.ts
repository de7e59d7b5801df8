import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUploadResponseSchema,
  createUploadSchema,
  raceIdParamsSchema,
  raceStatusSchema,
} from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { RaceRow, UserRow } from '../../db/schema.js';
import { requireUser } from '../../http/auth.js';
import { badRequest, forbidden, HttpError } from '../../http/errors.js';
import { failureResponses } from '../../http/failure-responses.js';
import { acceptMultipart, withMultipartForm, type MultipartRules } from '../../http/multipart.js';
import type { Storage } from '../../lib/storage.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import { presentRace } from '../races/index.js';
import { parseMultipartFields } from './form.js';
import type { UploadsService } from './service.js';

const errors = failureResponses(400, 401, 403, 404, 409, 413, 415);

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

    // The spec's form: a few text fields, then the video files in join order.
    const formRules: MultipartRules = {
      fileField: 'file',
      maxFiles: 50,
      maxFileBytes: deps.maxBytes,
      tooLargeMessage: tooLarge(deps.maxBytes).message,
      maxFields: 20,
      maxFieldBytes: 20_000,
    };
    // Only this route takes multipart bodies (read by withMultipartForm, not by Fastify).
    await app.register(async (form) => {
      acceptMultipart(form);
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
          const scratch = () => deps.storage.tempDir('multipart');
          return withMultipartForm(req, formRules, scratch, async ({ fields, files }) => {
            const parsed = parseMultipartFields(fields);
            if (!parsed.ok) throw badRequest(parsed.message);
            if (!can(me, 'account.uploadVideo', { ownerId: parsed.value.userId })) {
              throw forbidden('You can only upload videos to your own account.');
            }
            if (files.length === 0) throw badRequest('body.file: Required');
            const race = await service.createFromFiles(me, parsed.value.form, files);
            return { race: present(race, me) };
          });
        },
      );
    });
  };

/** Same wording for tus and the form: the limit in GB (or MB for small limits). */
export const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    `Each file can be up to ${maxBytes >= 1e9 ? `${Math.floor(maxBytes / 1e9)} GB` : `${Math.max(1, Math.floor(maxBytes / 1e6))} MB`}.`,
  );
