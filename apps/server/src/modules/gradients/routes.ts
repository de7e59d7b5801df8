import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gpxParamsSchema, gpxPreviewSchema, MAX_GPX_BYTES, raceSchema } from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import { failureResponses } from '../../http/failure-responses.js';
import { acceptMultipart, withMultipartForm, type MultipartRules } from '../../http/multipart.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import { presentRace } from '../races/index.js';
import { GPX_MESSAGES } from './rules.js';
import type { GradientsService } from './service.js';

const errors = failureResponses(400, 401, 403, 404, 409, 413, 429, 503);

/** One file `gpx` and the `offset` field; the file streams to a scratch folder, bounded. */
const gpxForm: MultipartRules = {
  fileField: 'gpx',
  maxFiles: 1,
  maxFileBytes: MAX_GPX_BYTES,
  tooLargeMessage: GPX_MESSAGES.tooLarge(MAX_GPX_BYTES),
  maxFields: 4,
  maxFieldBytes: 200,
};

/**
 * POST /race/{id}/gpx/preview and POST /race/{id}/gpx (ours, multipart: file `gpx`, field
 * `offset`): the owner's or an admin's; the video is checked before the upload is read.
 */
export const gradientsRoutes =
  (
    gradients: GradientsService,
    signer: MediaSigner,
    scratchDir: () => Promise<string>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    acceptMultipart(app);

    app.post(
      '/race/:id/gpx/preview',
      {
        schema: {
          tags: ['races'],
          params: gpxParamsSchema,
          response: { 200: gpxPreviewSchema, ...errors },
        },
      },
      async (req) => {
        const target = await gradients.target(requireUser(req), req.params.id);
        return withMultipartForm(req, gpxForm, scratchDir, (form) =>
          gradients.preview(target, form),
        );
      },
    );

    app.post(
      '/race/:id/gpx',
      {
        schema: {
          tags: ['races'],
          params: gpxParamsSchema,
          response: { 200: raceSchema, ...errors },
        },
      },
      async (req) => {
        const target = await gradients.target(requireUser(req), req.params.id);
        return withMultipartForm(req, gpxForm, scratchDir, async (form) =>
          presentRace(await gradients.save(target, form), signer, ''),
        );
      },
    );
  };
