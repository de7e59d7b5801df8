import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_LAYER_BYTES,
  okSchema,
  overlayForVideoParamsSchema,
  overlayLayerParamsSchema,
  overlayLayerSchema,
  overlayLayersSchema,
  overlayUploadParamsSchema,
  overlayVideoOwnerParamsSchema,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import { failureResponses } from '../../http/failure-responses.js';
import { acceptMultipart, withMultipartForm, type MultipartRules } from '../../http/multipart.js';
import type { PresentLayer } from './presenter.js';
import { VOICEOVER_MESSAGES } from './rules.js';
import type { VoiceoversService } from './service.js';

const errors = failureResponses(400, 401, 403, 404, 409, 413, 429, 503);

/** One recording under `audio`, start_index and timestamp beside it. */
const uploadRules: MultipartRules = {
  fileField: 'audio',
  maxFiles: 1,
  maxFileBytes: MAX_LAYER_BYTES,
  tooLargeMessage: VOICEOVER_MESSAGES.tooLarge,
  maxFields: 4,
  maxFieldBytes: 100,
};

/** The overlay calls of document 001 section 7, and the upload of a layer (ours). */
export const voiceoversRoutes =
  (
    voiceovers: VoiceoversService,
    present: PresentLayer,
    scratchDir: () => Promise<string>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/overlay/for-video/:raceId',
      {
        schema: {
          tags: ['voiceovers'],
          params: overlayForVideoParamsSchema,
          response: { 200: overlayLayersSchema, ...errors },
        },
      },
      async (req) => (await voiceovers.forVideo(req.currentUser, req.params.raceId)).map(present),
    );

    app.get(
      '/overlay/video-owner/:raceId/:userId',
      {
        schema: {
          tags: ['voiceovers'],
          params: overlayVideoOwnerParamsSchema,
          response: { 200: overlayLayersSchema, ...errors },
        },
      },
      async (req) =>
        (await voiceovers.ownerLayers(requireUser(req), req.params.raceId, req.params.userId)).map(
          present,
        ),
    );

    app.post(
      '/overlay/:layerId/delete',
      {
        schema: {
          tags: ['voiceovers'],
          params: overlayLayerParamsSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (req) => {
        await voiceovers.remove(requireUser(req), req.params.layerId);
        return { status: 'success' as const, message: 'Your recording has been deleted.' };
      },
    );

    // Only the upload takes a multipart body (read by withMultipartForm).
    await app.register(async (plugin) => {
      acceptMultipart(plugin);
      const form = plugin.withTypeProvider<ZodTypeProvider>();
      form.post(
        '/overlay/upload/:raceId',
        {
          schema: {
            tags: ['voiceovers'],
            params: overlayUploadParamsSchema,
            response: { 200: overlayLayerSchema, ...errors },
          },
        },
        async (req) => {
          const video = await voiceovers.startUpload(requireUser(req), req.params.raceId);
          return present(
            await withMultipartForm(req, uploadRules, scratchDir, (f) =>
              voiceovers.addLayer(video, f),
            ),
          );
        },
      );
    });
  };
