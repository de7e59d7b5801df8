import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHANNEL_IMAGE_FIELD,
  CHANNEL_IMAGE_MAX_BYTES,
  channelEditSchema,
  channelInfoQuerySchema,
  channelInfoResponseSchema,
  channelsIndexQuerySchema,
  channelsIndexResponseSchema,
  userUpdateResponseSchema,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { failureResponses } from '../../http/failure-responses.js';
import { acceptMultipart, withMultipartForm, type MultipartRules } from '../../http/multipart.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import { presentRace, type RaceWithOwner } from '../races/index.js';
import type { PresentUser } from '../users/index.js';
import type { ChannelOwner } from './repository.js';
import { IMAGE_MESSAGES, type ChannelsService } from './service.js';

const errors = failureResponses(400, 401, 403, 404, 413);

const presentOwner = (o: ChannelOwner) => ({
  id: o.id,
  display_name: o.displayName,
  photo_url: o.photoUrl,
  channel_title: o.channelTitle,
  channel_description: o.channelDescription,
  channel_image: o.channelImage,
});

/** One image file and nothing else of note; the file is read whole (it is at most 5 MB). */
const imageRules: MultipartRules = {
  fileField: CHANNEL_IMAGE_FIELD,
  maxFiles: 1,
  maxFileBytes: CHANNEL_IMAGE_MAX_BYTES,
  tooLargeMessage: IMAGE_MESSAGES.tooLarge,
  maxFields: 5,
  maxFieldBytes: 1000,
};

/** Channels (document 001 section 7): a channel is a member's public videos and channel fields. */
export const channelsRoutes =
  (
    channels: ChannelsService,
    signer: MediaSigner,
    scratchDir: () => Promise<string>,
    presentUser: PresentUser,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const present = (r: RaceWithOwner) => presentRace(r, signer, '');

    // The spec's path ends in a slash; the bare path is taken too.
    for (const url of ['/channel-info/', '/channel-info']) {
      app.get(
        url,
        {
          schema: {
            tags: ['channels'],
            querystring: channelInfoQuerySchema,
            response: { 200: channelInfoResponseSchema, ...errors },
          },
        },
        async (req) => {
          const { owner, rows, total } = await channels.info(req.currentUser, req.query);
          return {
            races: { videos: rows.map(present), total_count: total, page_size: req.query.pageSize },
            user: presentOwner(owner),
          };
        },
      );
    }

    app.get(
      '/users/channels/index',
      {
        schema: {
          tags: ['channels'],
          querystring: channelsIndexQuerySchema,
          response: { 200: channelsIndexResponseSchema, ...errors },
        },
      },
      async (req) => {
        const { count, rows } = await channels.index(req.query.start, req.query.end);
        return {
          count: [{ count }],
          rows: rows.map((r) => ({
            ...presentOwner(r.owner),
            video_count: r.videoCount,
            races: r.races.map(present),
          })),
        };
      },
    );

    app.post(
      '/channel/edit',
      {
        schema: {
          tags: ['channels'],
          body: channelEditSchema,
          response: { 200: userUpdateResponseSchema, ...errors },
        },
      },
      async (req) => ({
        status: 'success' as const,
        user: await presentUser(await channels.edit(requireUser(req), req.body)),
      }),
    );

    // Only the image route takes multipart bodies (read by withMultipartForm).
    await app.register(async (form) => {
      acceptMultipart(form);
      form.post(
        '/channel/image',
        { schema: { tags: ['channels'], response: { 200: userUpdateResponseSchema, ...errors } } },
        async (req) => {
          const me = requireUser(req);
          return withMultipartForm(req, imageRules, scratchDir, async ({ files }) => {
            const [file] = files;
            if (!file) throw badRequest(IMAGE_MESSAGES.missing);
            const user = await channels.setImage(me, await readFile(file.path));
            return { status: 'success' as const, user: await presentUser(user) };
          });
        },
      );
    });
  };
