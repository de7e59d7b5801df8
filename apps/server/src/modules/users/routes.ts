import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getUserResponseSchema,
  idParamsSchema,
  userUpdateParamsSchema,
  userUpdateResponseSchema,
  userUpdateSchema,
  type UserUpdate,
} from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { NewUserRow } from '../../db/schema.js';
import { requireUser } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/errors.js';
import { failureResponses } from '../../http/failure-responses.js';
import { toPublicUser, type PresentUser } from './presenter.js';
import type { UsersRepository } from './repository.js';

const errors = failureResponses(400, 401, 403, 404);

/** Maps the member-editable API fields onto columns. */
function toColumns(u: UserUpdate): Partial<NewUserRow> {
  const map: { [K in keyof Required<UserUpdate>]: keyof NewUserRow } = {
    display_name: 'displayName',
    first_name: 'firstName',
    last_name: 'lastName',
    photo_url: 'photoUrl',
    weight: 'weight',
    height: 'height',
    gender: 'gender',
    channel_title: 'channelTitle',
    channel_description: 'channelDescription',
    accepted_terms_and_conditions: 'acceptedTerms',
    enter_demo_mode_at: 'enterDemoModeAt',
    members_riding_your_videos_notification: 'notifyMembersRiding',
    send_weekly_fitness_summary: 'sendWeeklyFitnessSummary',
    send_most_ridden_tracks: 'sendMostRiddenTracks',
    send_who_rode_your_rides: 'sendWhoRodeYourRides',
    strava_auto_save: 'stravaAutoSave',
    trainer_difficulty: 'trainerDifficulty',
    trainer_downhill: 'trainerDownhill',
    units: 'units',
    ride_mode: 'rideMode',
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(u)) {
    if (value !== undefined) out[map[key as keyof UserUpdate]] = value;
  }
  return out as Partial<NewUserRow>;
}

export const usersRoutes =
  (users: UsersRepository, presentUser: PresentUser): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/users/:id',
      {
        schema: {
          tags: ['users'],
          params: idParamsSchema,
          response: { 200: getUserResponseSchema, ...errors },
        },
      },
      async (req) => {
        const row = await users.findById(req.params.id);
        if (!row) throw notFound('User does not exist.');
        if (!can(req.currentUser, 'account.readPrivate', { ownerId: row.id })) {
          return toPublicUser(row);
        }
        return presentUser(row);
      },
    );

    app.put(
      '/user/:userId/update',
      {
        schema: {
          tags: ['users'],
          params: userUpdateParamsSchema,
          body: userUpdateSchema,
          response: { 200: userUpdateResponseSchema, ...errors },
        },
      },
      async (req) => {
        const me = requireUser(req);
        const target = await users.findById(req.params.userId);
        if (!target) throw notFound('User does not exist.');
        if (!can(me, 'account.updateProfile', { ownerId: target.id })) {
          throw forbidden('You can only change your own profile.');
        }
        const updated = await users.update(me.id, toColumns(req.body));
        if (!updated) throw notFound('User does not exist.');
        return {
          status: 'success' as const,
          user: await presentUser(updated),
        };
      },
    );
  };
