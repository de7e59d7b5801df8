import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  ghostPointsQuerySchema,
  ghostPointsResponseSchema,
  ghostsResponseSchema,
  timelineParamsSchema,
} from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { races } from '../../db/schema.js';
import type { UserRow } from '../../db/schema.js';
import { requireUser } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/errors.js';
import { failureResponses } from '../../http/failure-responses.js';
import { mediaAccess } from '../media/index.js';
import { canManageRace } from '../races/index.js';
import { ghostsAnswer, ghostSeries } from './ghosts.js';
import { ghostsRepository } from './ghosts-repository.js';

const errors = failureResponses(400, 401, 403, 404);

/**
 * The ghosts of a reactive ride (issue 26, contracts' ghosts.ts, docs/ride.md "Ghosts"): for
 * whoever may ride the video, as GET /race/{id}/timeline: 401 for guests, 404 for a video not
 * ready (but to its owner and admins), 403 with the playback's message when the member's plan
 * does not play the whole video. Both answers are bounded whatever the number of rides.
 */
export const ghostRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const ghosts = ghostsRepository(db);

    app.get(
      '/race/:id/ghosts',
      {
        schema: {
          tags: ['races'],
          params: timelineParamsSchema,
          response: { 200: ghostsResponseSchema, ...errors },
        },
      },
      async (req) => {
        const viewer = requireUser(req);
        // The access check and the read run at once (one round trip less): the read is
        // bounded, and its answer is only sent once the check has passed.
        const [, read] = await Promise.all([
          ridableVideo(db, viewer, req.params.id),
          ghosts.read(req.params.id, viewer.id),
        ]);
        return ghostsAnswer(read);
      },
    );

    app.get(
      '/race/:id/ghosts/points',
      {
        schema: {
          tags: ['races'],
          params: timelineParamsSchema,
          querystring: ghostPointsQuerySchema,
          response: { 200: ghostPointsResponseSchema, ...errors },
        },
      },
      async (req) => {
        const viewer = requireUser(req);
        const { tracks, from } = req.query;
        // As above: checked and read at once, sent only when allowed.
        const [, rows] = await Promise.all([
          ridableVideo(db, viewer, req.params.id),
          ghosts.window(req.params.id, tracks, from),
        ]);
        return { from, series: rows.map((row) => ghostSeries(row, from)) };
      },
    );
  };

/** The video's id when `viewer` may ride it (as the timeline route), else the error. */
async function ridableVideo(db: Db, viewer: UserRow, id: number): Promise<number> {
  const [race] = await db
    .select({
      id: races.id,
      userId: races.userId,
      status: races.status,
      exclusive: races.exclusive,
      samplerMonth: races.samplerMonth,
    })
    .from(races)
    .where(eq(races.id, id))
    .limit(1);
  if (!race || (race.status !== 'ready' && !canManageRace(viewer, race))) {
    throw notFound('Video not found.');
  }
  const access = mediaAccess(viewer, race, 'full', new Date());
  if (!access.allowed) throw forbidden(access.message);
  return race.id;
}
