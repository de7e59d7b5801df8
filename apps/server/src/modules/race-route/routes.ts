import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  hasGradient,
  raceIdParamsSchema,
  routeResponseSchema,
  timelineParamsSchema,
  timelineResponseSchema,
} from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { races } from '../../db/schema.js';
import { requireUser } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/errors.js';
import { failureResponses } from '../../http/failure-responses.js';
import { mediaAccess } from '../media/index.js';
import { canManageRace } from '../races/index.js';
import { readRouteSummary } from './repository.js';
import { timelineStore } from './timeline.js';

const errors = failureResponses(400, 404);
const timelineErrors = failureResponses(400, 401, 403, 404);

/**
 * GET /api/v1/race/{id}/route (ours): the route facts and elevation profile the video page shows.
 * Readable by whoever may read the video (GET /race/{id}): guests too once it is ready; before
 * that, its owner and admins. `route` is null for a video without slope data.
 */
export const raceRouteRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/race/:id/route',
      {
        schema: {
          tags: ['races'],
          params: raceIdParamsSchema,
          response: { 200: routeResponseSchema, ...errors },
        },
      },
      async (req) => {
        const race = await findRace(db, req.params.id);
        const viewer = req.currentUser;
        const visible =
          race && (race.status === 'ready' || (viewer !== null && canManageRace(viewer, race)));
        if (!race || !visible) throw notFound('Video not found.');
        if (!hasGradient(race.slopeSourceId)) return { route: null };
        const route = await readRouteSummary(db, race.id);
        if (route === 'gone') throw notFound('Video not found.');
        return { route };
      },
    );

    const timelines = timelineStore(db);
    /**
     * GET /api/v1/race/{id}/timeline (ours, issue 26): the slope profile per second a reactive
     * ride maps distance to video time with. Only for whoever may ride the video: a member
     * (401 for guests, as /ride refuses a socket without a session), a ready video (or its
     * owner and admins: 404 otherwise, as add-track), whose whole video their plan plays (403
     * with the playback's message otherwise). `private, no-cache` with an ETag: browsers
     * revalidate each time (a GPX may replace the profile) and get a 304 while it stands.
     */
    app.get(
      '/race/:id/timeline',
      {
        schema: {
          tags: ['races'],
          params: timelineParamsSchema,
          response: { 200: timelineResponseSchema, 304: z.null(), ...timelineErrors },
        },
      },
      async (req, reply) => {
        const viewer = requireUser(req);
        const [race] = await db
          .select({ ...columns, exclusive: races.exclusive, samplerMonth: races.samplerMonth })
          .from(races)
          .where(eq(races.id, req.params.id))
          .limit(1);
        if (!race || (race.status !== 'ready' && !canManageRace(viewer, race))) {
          throw notFound('Video not found.');
        }
        const access = mediaAccess(viewer, race, 'full', new Date());
        if (!access.allowed) throw forbidden(access.message);
        reply.header('Cache-Control', 'private, no-cache');
        const served = hasGradient(race.slopeSourceId) ? await timelines.read(race.id) : null;
        if (!served) return { timeline: null };
        reply.header('ETag', served.etag);
        if (req.headers['if-none-match'] === served.etag) return reply.code(304).send(null);
        return { timeline: served.timeline };
      },
    );
  };

const columns = {
  id: races.id,
  userId: races.userId,
  status: races.status,
  slopeSourceId: races.slopeSourceId,
};

/** By url, or by numeric id, as GET /race/{id} finds a video. */
async function findRace(db: Db, id: string) {
  const [byUrl] = await db.select(columns).from(races).where(eq(races.url, id)).limit(1);
  if (byUrl || !/^\d{1,9}$/.test(id)) return byUrl ?? null;
  const [byId] = await db
    .select(columns)
    .from(races)
    .where(eq(races.id, Number(id)))
    .limit(1);
  return byId ?? null;
}
