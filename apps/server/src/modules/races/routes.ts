import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeDurationResponseSchema,
  changeDurationSchema,
  handleMutesBodySchema,
  okSchema,
  raceDeleteSchema,
  raceEditSchema,
  raceIdParamsSchema,
  raceResponseSchema,
  raceSchema,
  racesQuerySchema,
  racesResponseSchema,
  racesSubsetResponseSchema,
  racesSubsetSchema,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import { failureResponses } from '../../http/failure-responses.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import { presentRace, type RaceWithOwner } from './presenter.js';
import type { RacesService } from './service.js';

const errors = failureResponses(400, 401, 403, 404);

/** The video calls of document 001 section 7. URLs in answers are relative paths. */
export const racesRoutes =
  (races: RacesService, signer: MediaSigner): FastifyPluginAsyncZod =>
  async (app) => {
    const present = (r: RaceWithOwner) => presentRace(r, signer, '');

    app.get(
      '/race/:id',
      {
        schema: {
          tags: ['races'],
          params: raceIdParamsSchema,
          response: { 200: raceResponseSchema, ...errors },
        },
      },
      async (req) => {
        const found = await races.get(req.currentUser, req.params.id);
        return found ? present(found) : null;
      },
    );

    app.get(
      '/races',
      {
        schema: {
          tags: ['races'],
          querystring: racesQuerySchema,
          response: { 200: racesResponseSchema, ...errors },
        },
      },
      async (req) => {
        const { rows, total } = await races.search(req.query);
        return {
          races: { videos: rows.map(present), total_count: total, page_size: req.query.pageSize },
        };
      },
    );

    app.post(
      '/race/edit',
      {
        schema: { tags: ['races'], body: raceEditSchema, response: { 200: raceSchema, ...errors } },
      },
      async (req) => present(await races.edit(requireUser(req), req.body)),
    );

    app.post(
      '/race/delete',
      {
        schema: { tags: ['races'], body: raceDeleteSchema, response: { 200: okSchema, ...errors } },
      },
      async (req) => {
        await races.remove(requireUser(req), req.body.id);
        return { status: 'success' as const };
      },
    );

    app.post(
      '/race/handle-mutes',
      {
        schema: {
          tags: ['races'],
          body: handleMutesBodySchema,
          response: { 200: raceSchema, ...errors },
        },
      },
      async (req) =>
        present(await races.switchAudio(requireUser(req), req.body.id, req.body.to_change)),
    );

    app.post(
      '/races/subset',
      {
        schema: {
          tags: ['races'],
          body: racesSubsetSchema,
          response: { 200: racesSubsetResponseSchema, ...errors },
        },
      },
      async (req) => ({ videos: (await races.subset(req.body.values)).map(present) }),
    );

    // The spec's path ends in a slash; the bare path is taken too.
    for (const url of ['/races/change-duration/', '/races/change-duration']) {
      app.post(
        url,
        {
          schema: {
            tags: ['races'],
            body: changeDurationSchema,
            response: { 200: changeDurationResponseSchema, ...errors },
          },
        },
        async (req) => {
          const duration = await races.changeDuration(
            requireUser(req),
            req.body.race_id,
            req.body.new_duration,
          );
          return { status: 'success' as const, duration };
        },
      );
    }
  };
