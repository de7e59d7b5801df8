import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AD_LIMITS,
  adInputSchema,
  adminAdSchema,
  adPatchSchema,
  adStatsSchema,
  idParamsSchema,
} from '@ridealong/contracts';
import { requireAdmin } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { failureResponses } from '../../http/failure-responses.js';
import { acceptMultipart, withMultipartForm, type MultipartRules } from '../../http/multipart.js';
import { IMAGE_MESSAGES } from '../channels/index.js';
import { presentAdminAd } from './presenter.js';
import type { AdsService } from './service.js';

const errors = failureResponses(400, 401, 403, 404, 413);
const statsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(AD_LIMITS.statsDaysMax).default(30),
});

/** One image file; read whole (at most AD_LIMITS.imageMaxBytes). */
const imageRules: MultipartRules = {
  fileField: 'file',
  maxFiles: 1,
  maxFileBytes: AD_LIMITS.imageMaxBytes,
  tooLargeMessage: IMAGE_MESSAGES.tooLarge,
  maxFields: 5,
  maxFieldBytes: 1000,
};

/** Before validation: only admins learn what the forms expect (guests 401, members 403). */
const adminsOnly = async (req: Parameters<typeof requireAdmin>[0]) => void requireAdmin(req);

/** Admins' house ads (issue 27); every change reaches every process's cache. */
export const adminAdsRoutes =
  (ads: AdsService, scratchDir: () => Promise<string>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['ads'];
    const security = [{ token: [] }];

    app.get(
      '/admin/ads',
      {
        schema: { tags, security, response: { 200: z.array(adminAdSchema), ...errors } },
        preValidation: adminsOnly,
      },
      async () => (await ads.list()).map(presentAdminAd),
    );

    app.post(
      '/admin/ads',
      {
        schema: {
          tags,
          security,
          body: adInputSchema,
          response: { 201: adminAdSchema, ...errors },
        },
        preValidation: adminsOnly,
      },
      async (req, reply) => reply.code(201).send(presentAdminAd(await ads.create(req.body))),
    );

    app.patch(
      '/admin/ads/:id',
      {
        schema: {
          tags,
          security,
          params: idParamsSchema,
          body: adPatchSchema,
          response: { 200: adminAdSchema, ...errors },
        },
        preValidation: adminsOnly,
      },
      async (req) => presentAdminAd(await ads.patch(req.params.id, req.body)),
    );

    app.delete(
      '/admin/ads/:id',
      {
        schema: { tags, security, params: idParamsSchema, response: { 204: z.null(), ...errors } },
        preValidation: adminsOnly,
      },
      async (req, reply) => {
        await ads.remove(req.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/admin/ads/:id/stats',
      {
        schema: {
          tags,
          security,
          params: idParamsSchema,
          querystring: statsQuerySchema,
          response: { 200: adStatsSchema, ...errors },
        },
        preValidation: adminsOnly,
      },
      async (req) => ({
        id: req.params.id,
        days: await ads.stats(req.params.id, req.query.days),
      }),
    );

    // Only the image route takes multipart bodies (read by withMultipartForm).
    await app.register(async (plain) => {
      acceptMultipart(plain);
      const form = plain.withTypeProvider<ZodTypeProvider>();
      form.post(
        '/admin/ads/:id/image',
        {
          schema: {
            tags,
            security,
            params: idParamsSchema,
            response: { 200: adminAdSchema, ...errors },
          },
          preValidation: adminsOnly,
        },
        async (req) =>
          withMultipartForm(req, imageRules, scratchDir, async ({ files }) => {
            const [file] = files;
            if (!file) throw badRequest(IMAGE_MESSAGES.missing);
            return presentAdminAd(await ads.setImage(req.params.id, await readFile(file.path)));
          }),
      );
    });
  };
