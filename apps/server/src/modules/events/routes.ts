import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  completedCountResponseSchema,
  completedPageQuerySchema,
  createEventResponseSchema,
  createEventSchema,
  eventIdParamsSchema,
  eventListResponseSchema,
  eventStartTimeResponseSchema,
  eventStatusResponseSchema,
  roomIdParamsSchema,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import { failureResponses } from '../../http/failure-responses.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import { presentEvent } from './presenter.js';
import type { EventsService } from './service.js';

const errors = failureResponses(400, 401, 403, 404, 409, 429);

/**
 * The event calls of document 001 section 7 (docs/group.md). Creating needs a session; the
 * status calls and the lists are public (guests browse /events).
 */
export const eventsRoutes =
  (events: EventsService, signer: MediaSigner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/event/create',
      {
        schema: {
          tags: ['events'],
          body: createEventSchema,
          response: { 200: createEventResponseSchema, ...errors },
        },
      },
      async (req) => ({ eventId: await events.create(requireUser(req), req.body) }),
    );

    app.get(
      '/event/get-status/:eventId',
      {
        schema: {
          tags: ['events'],
          params: eventIdParamsSchema,
          response: { 200: eventStatusResponseSchema, ...errors },
        },
      },
      async (req) => ({ status: await events.status(req.params.eventId) }),
    );

    app.get(
      '/event/get-start-time/:roomId',
      {
        schema: {
          tags: ['events'],
          params: roomIdParamsSchema,
          response: { 200: eventStartTimeResponseSchema, ...errors },
        },
      },
      async (req) => events.startTime(req.params.roomId),
    );

    app.get(
      '/event/count-completed-events',
      {
        schema: { tags: ['events'], response: { 200: completedCountResponseSchema, ...errors } },
      },
      async () => ({ count: await events.countCompleted() }),
    );

    app.get(
      '/event/active-page',
      {
        schema: { tags: ['events'], response: { 200: eventListResponseSchema, ...errors } },
      },
      async () => ({ events: (await events.active()).map((e) => presentEvent(e, signer)) }),
    );

    app.get(
      '/event/completed-page',
      {
        schema: {
          tags: ['events'],
          querystring: completedPageQuerySchema,
          response: { 200: eventListResponseSchema, ...errors },
        },
      },
      async (req) => ({
        events: (await events.completed(req.query)).map((e) => presentEvent(e, signer)),
      }),
    );
  };
