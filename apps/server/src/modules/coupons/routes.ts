import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponCreateSchema,
  couponFailureSchema,
  couponGrantResponseSchema,
  couponGrantSchema,
  failureSchema,
} from '@ridealong/contracts';
import { can } from '../../access/can.js';
import { requireAdmin, requireUser } from '../../http/auth.js';
import { forbidden } from '../../http/errors.js';
import {
  COUPON_ERROR_STATUS,
  couponCreatedSchema,
  couponFailure,
  couponOrInputFailureSchema,
} from './schema.js';
import { toCoupon } from './presenter.js';
import type { authRateLimits } from '../../http/rate-limits.js';
import type { CouponsService } from './service.js';

export const couponsRoutes =
  (coupons: CouponsService, limit: ReturnType<typeof authRateLimits>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/coupon/create',
      {
        schema: {
          tags: ['coupons'],
          security: [{ token: [] }],
          body: couponCreateSchema,
          response: {
            201: couponCreatedSchema,
            400: failureSchema,
            401: failureSchema,
            403: failureSchema,
            409: failureSchema,
          },
        },
        // Before validation: only admins learn what the form expects.
        preValidation: async (req) => void requireAdmin(req),
      },
      async (req, reply) => {
        const admin = requireAdmin(req);
        const row = await coupons.create(admin.id, req.body);
        return reply.code(201).send({ status: 'success', coupon: toCoupon(row) });
      },
    );

    app.post(
      '/coupon/grant',
      {
        schema: {
          tags: ['coupons'],
          security: [{ token: [] }],
          body: couponGrantSchema,
          response: {
            200: couponGrantResponseSchema,
            400: couponOrInputFailureSchema,
            401: failureSchema,
            403: failureSchema,
            404: couponFailureSchema,
            409: couponFailureSchema,
            429: failureSchema,
          },
        },
        preValidation: async (req) => void requireUser(req),
      },
      async (req, reply) => {
        const me = requireUser(req);
        // Every try counts, per member and per address, so codes cannot be guessed quickly.
        await limit('coupon', req.ip, `member:${me.id}`);
        if (!can(me, 'account.redeemCoupon', { ownerId: req.body.user_id })) {
          throw forbidden('You may only redeem a code for yourself.');
        }
        const r = await coupons.grant(req.body.user_id, req.body.code);
        if (!r.ok) {
          return reply
            .code(COUPON_ERROR_STATUS[r.code])
            .send(couponFailure(r.code, r.complimentaryAccess));
        }
        return {
          status: 'success' as const,
          account_level: r.user.accountLevel,
          current_period_end_date: r.until.toISOString(),
        };
      },
    );
  };
