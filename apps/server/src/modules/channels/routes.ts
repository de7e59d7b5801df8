import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHANNEL_IMAGE_MAX_BYTES,
  channelEditSchema,
  channelInfoQuerySchema,
  channelInfoResponseSchema,
  channelsIndexQuerySchema,
  channelsIndexResponseSchema,
  failureSchema,
  userUpdateResponseSchema,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import { badRequest, HttpError } from '../../http/errors.js';
import type { MediaSigner } from '../media/signing.js';
import { presentRace, type RaceWithOwner } from '../races/presenter.js';
import { toUser } from '../users/presenter.js';
import type { ChannelOwner } from './repository.js';
import { IMAGE_MESSAGES, type ChannelsService } from './service.js';

const errors = {
  400: failureSchema,
  401: failureSchema,
  403: failureSchema,
  404: failureSchema,
  413: failureSchema,
};

const presentOwner = (o: ChannelOwner) => ({
  id: o.id,
  display_name: o.displayName,
  photo_url: o.photoUrl,
  channel_title: o.channelTitle,
  channel_description: o.channelDescription,
  channel_image: o.channelImage,
});

/** The one uploaded file of a multipart request, read whole (it is at most 5 MB). */
async function uploadedImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('Send the image as multipart/form-data.');
  const file = await req.file({ limits: { fileSize: CHANNEL_IMAGE_MAX_BYTES, files: 1 } });
  if (!file) throw badRequest(IMAGE_MESSAGES.missing);
  const tooLarge = () => new HttpError(413, IMAGE_MESSAGES.tooLarge);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (e) {
    if (e instanceof req.server.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw e;
  }
  // toBuffer can miss a cut made on the very last chunk; the stream's own flag does not.
  if (file.file.truncated) throw tooLarge();
  return bytes;
}

/** Channels (document 001 section 7): a channel is a member's public videos and channel fields. */
export const channelsRoutes =
  (channels: ChannelsService, signer: MediaSigner): FastifyPluginAsyncZod =>
  async (app) => {
    // Another module may have registered multipart for the whole API already.
    if (!app.hasRequestDecorator('file')) await app.register(multipart);
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
        user: toUser(await channels.edit(requireUser(req), req.body)),
      }),
    );

    app.post(
      '/channel/image',
      { schema: { tags: ['channels'], response: { 200: userUpdateResponseSchema, ...errors } } },
      async (req) => {
        const me = requireUser(req);
        const bytes = await uploadedImage(req);
        return { status: 'success' as const, user: toUser(await channels.setImage(me, bytes)) };
      },
    );
  };
