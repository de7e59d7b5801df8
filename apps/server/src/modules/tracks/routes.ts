import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activitySeriesSchema,
  failureSchema,
  idParamsSchema,
  markAsUploadedSchema,
  okSchema,
  tracksIndexQuerySchema,
  tracksIndexResponseSchema,
  userDataQuerySchema,
  userStatsSchema,
  type ActivitySeries,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import { failureResponses } from '../../http/failure-responses.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import { presentTrack, type StravaWeb } from './presenter.js';
import type { TracksService } from './service.js';

/**
 * The series' 200 as plain JSON.stringify: zod's serializer checks each of a 6-hour ride's
 * 150,000 numbers before sending them (some 20 ms an answer, 70 on a process's first). The
 * handler's return type is the contract's (the type provider checks it), and every value is a
 * number the server rounded itself. Its failures go through zod as every other answer's.
 */
const seriesSerializer = (route: { httpStatus?: string }) =>
  route.httpStatus === '200'
    ? (data: ActivitySeries) => JSON.stringify(data)
    : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);

/** See the series route: private to the member, and short-lived. */
export const SERIES_CACHE_CONTROL = 'private, max-age=60';

const errors = failureResponses(400, 401, 403, 404, 409);

/**
 * Activities calls of document 001 section 7 (with its Strava pair, track/{id}/download and
 * track/mark_as_uploaded), plus DELETE and the FIT export. `stravaWeb` links uploaded rides
 * to their Strava activity.
 */
export const tracksRoutes =
  (tracks: TracksService, signer: MediaSigner, stravaWeb?: StravaWeb): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tracks/index',
      {
        schema: {
          tags: ['tracks'],
          querystring: tracksIndexQuerySchema,
          response: { 200: tracksIndexResponseSchema, ...errors },
        },
      },
      async (req) => {
        const { count, rows } = await tracks.index(requireUser(req), req.query);
        return { count, rows: rows.map((r) => presentTrack(r, signer, stravaWeb)) };
      },
    );

    // The spec's v1 contract deletes with a GET; DELETE is the REST spelling.
    for (const [method, url] of [
      ['GET', '/tracks/:id/delete'],
      ['DELETE', '/tracks/:id'],
    ] as const) {
      app.route({
        method,
        url,
        schema: {
          tags: ['tracks'],
          params: idParamsSchema,
          response: { 200: okSchema, ...errors },
        },
        handler: async (req) => {
          await tracks.remove(requireUser(req), req.params.id);
          return { status: 'success' as const };
        },
      });
    }

    app.get(
      '/user/data',
      {
        schema: {
          tags: ['tracks'],
          querystring: userDataQuerySchema,
          response: { 200: userStatsSchema, ...errors },
        },
      },
      async (req) => tracks.userData(requireUser(req), req.query.user_id, req.query.tz),
    );

    app.get(
      '/tracks/:id/fit',
      {
        schema: {
          tags: ['tracks'],
          description: 'The ride as a FIT activity file (application/vnd.ant.fit).',
          params: idParamsSchema,
        },
      },
      async (req, reply) => {
        const { fileName, bytes } = await tracks.fit(requireUser(req), req.params.id);
        return reply
          .header('content-type', 'application/vnd.ant.fit')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(Buffer.from(bytes));
      },
    );

    app.get(
      '/tracks/:id/series',
      {
        schema: {
          tags: ['tracks'],
          description:
            'A ride second by second (columns of power, heart rate, cadence, distance, grade and elevation), for its owner or an admin, as its FIT file: a saved ride, or one still recording (the seconds pushed so far, possibly none: empty columns) for a ride resumed after a reload; 400 while it is being saved.',
          params: idParamsSchema,
          response: { 200: activitySeriesSchema, ...errors, 429: failureSchema },
        },
        serializerCompiler: seriesSerializer,
      },
      async (req, reply) => {
        const { series, saved } = await tracks.series(requireUser(req), req.params.id);
        // A saved ride's seconds never change, so the browser may keep them; briefly, and only
        // for this member, since a deleted ride must answer 404 soon after. A recording ride's
        // grow with each push: never kept.
        reply.header('cache-control', saved ? SERIES_CACHE_CONTROL : 'no-store');
        return series;
      },
    );

    app.get(
      '/track/:id/download',
      {
        schema: {
          tags: ['tracks'],
          description:
            "Document 001's v1 call: 200 with the ride's FIT file for its owner or an admin, as /tracks/{id}/fit (then mark_as_uploaded).",
          params: idParamsSchema,
        },
      },
      async (req, reply) => {
        const { fileName, bytes } = await tracks.download(requireUser(req), req.params.id);
        return reply
          .header('content-type', 'application/vnd.ant.fit')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(Buffer.from(bytes));
      },
    );

    app.post(
      '/track/mark_as_uploaded',
      {
        schema: {
          tags: ['tracks'],
          description: "Marks the caller's own ride uploaded to Strava (a v1 client uploaded it).",
          body: markAsUploadedSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (req) => {
        await tracks.markUploaded(requireUser(req), req.body.track_id);
        return { status: 'success' as const };
      },
    );
  };
