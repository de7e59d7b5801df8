import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, stravaUploadResponseSchema } from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import { failureResponses } from '../../http/failure-responses.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import { presentTrack, type StravaWeb } from '../tracks/index.js';
import type { StravaUploadsService } from './uploads-service.js';

const errors = failureResponses(400, 401, 403, 404, 409);

/** The activity's upload action and the state the page polls (docs/strava.md, 'Uploads'). */
export const stravaUploadRoutes =
  (
    uploads: StravaUploadsService,
    signer: MediaSigner,
    stravaWeb: StravaWeb,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/track/:id/strava-upload',
      {
        schema: {
          tags: ['strava'],
          description:
            "Queues the member's own saved ride for upload to Strava (once: asking again changes nothing).",
          params: idParamsSchema,
          response: { 200: stravaUploadResponseSchema, ...errors },
        },
      },
      async (req) => {
        const row = await uploads.request(requireUser(req), req.params.id);
        return { status: 'success' as const, track: presentTrack(row, signer, stravaWeb) };
      },
    );

    app.get(
      '/track/:id/strava-upload',
      {
        schema: {
          tags: ['strava'],
          description: "The member's ride with where it stands with Strava.",
          params: idParamsSchema,
          response: { 200: stravaUploadResponseSchema, ...errors },
        },
      },
      async (req) => {
        const row = await uploads.state(requireUser(req), req.params.id);
        return { status: 'success' as const, track: presentTrack(row, signer, stravaWeb) };
      },
    );
  };
