import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  failureSchema,
  hasGradient,
  raceIdParamsSchema,
  routeResponseSchema,
} from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { races } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { canManageRace } from '../races/index.js';
import { readRouteSummary } from './repository.js';

const errors = { 400: failureSchema, 404: failureSchema };

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
