import {
  CHANNEL_IMAGE_MAX_BYTES,
  CHANNEL_INDEX_BATCH,
  CHANNEL_ROW_RACES,
  type ChannelEdit,
} from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import type { ListingCounts } from '../races/index.js';
import type { RaceWithOwner } from '../races/index.js';
import type { RacesRepository } from '../races/index.js';
import type { UsersRepository } from '../users/index.js';
import { CHANNEL_IMAGE_MAX_PIXELS } from './image-reencode.js';
import { sniffImage, type ChannelImageStore } from './images.js';
import type { ChannelOwner, ChannelsRepository } from './repository.js';

export type ChannelsServiceDeps = {
  channels: ChannelsRepository;
  races: RacesRepository;
  users: UsersRepository;
  images: ChannelImageStore;
  /** A new channel title changes what searches find. */
  counts: ListingCounts;
};

export const IMAGE_MESSAGES = {
  notImage: 'Please choose a PNG, JPEG or WebP image.',
  tooManyPixels: `The image must be at most ${CHANNEL_IMAGE_MAX_PIXELS / 1e6} megapixels.`,
  tooLarge: 'The image must be 5 MB or smaller.',
  missing: 'Please choose an image.',
} as const;

export function channelsService({ channels, races, users, images, counts }: ChannelsServiceDeps) {
  return {
    /**
     * GET /channel-info/: a channel's owner and one page of its videos. The owner asking for
     * their own channel (myChannel=TRUE) sees every video, processing and hidden ones included,
     * to follow uploads; everyone else sees the public ones.
     */
    async info(
      viewer: Pick<UserRow, 'id'> | null,
      q: { user_id: number; currentPage: number; pageSize: number; myChannel?: 'TRUE' | 'FALSE' },
    ): Promise<{ owner: ChannelOwner; rows: RaceWithOwner[]; total: number }> {
      const owner = await channels.findOwner(q.user_id);
      if (!owner) throw notFound('Channel not found.');
      const everything =
        q.myChannel === 'TRUE' && can(viewer, 'channel.seeAllVideos', { ownerId: owner.id });
      const page = await races.channelPage(owner.id, everything, {
        offset: (q.currentPage - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return { owner, ...page };
    },

    /**
     * GET /users/channels/index: channels [start, end) (at most one batch), newest video first,
     * each with its newest videos. A row whose videos vanished meanwhile is dropped.
     */
    async index(
      start: number,
      end: number,
    ): Promise<{
      count: number;
      rows: Array<{ owner: ChannelOwner; videoCount: number; races: RaceWithOwner[] }>;
    }> {
      const limit = Math.max(0, Math.min(end - start, CHANNEL_INDEX_BATCH));
      const [owners, count] = await Promise.all([
        channels.pageWithVideos(start, limit),
        channels.countWithVideos(),
      ]);
      const videos = await races.channelRows(
        owners.map((o) => o.id),
        CHANNEL_ROW_RACES,
      );
      const byOwner = new Map<number, RaceWithOwner[]>();
      for (const v of videos)
        byOwner.set(v.race.userId, [...(byOwner.get(v.race.userId) ?? []), v]);
      const rows = owners
        .map(({ videoCount, ...owner }) => ({
          owner,
          videoCount,
          races: byOwner.get(owner.id) ?? [],
        }))
        .filter((row) => row.races.length > 0);
      return { count, rows };
    },

    async edit(user: UserRow, input: ChannelEdit): Promise<UserRow> {
      const updated = await users.update(user.id, {
        channelTitle: input.channel_title,
        channelDescription: input.channel_description,
      });
      if (!updated) throw notFound('User does not exist.');
      counts.invalidate();
      return updated;
    },

    /**
     * Stores a new channel image (PNG, JPEG or WebP by content, decoded and encoded anew) and
     * drops the previous one.
     */
    async setImage(user: UserRow, bytes: Uint8Array): Promise<UserRow> {
      if (bytes.length > CHANNEL_IMAGE_MAX_BYTES) throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
      const type = sniffImage(bytes);
      if (!type) throw badRequest(IMAGE_MESSAGES.notImage);
      const clean = await images.reencode(bytes, type);
      if (!clean.ok) throw badRequest(IMAGE_MESSAGES[clean.reason]);
      const url = await images.save(user.id, clean.bytes, type);
      const updated = await users.update(user.id, { channelImage: url });
      if (!updated) {
        await images.remove(url);
        throw notFound('User does not exist.');
      }
      if (user.channelImage !== url) await images.remove(user.channelImage);
      return updated;
    },
  };
}

export type ChannelsService = ReturnType<typeof channelsService>;
