import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { races, users, type UserRow } from '../../db/schema.js';
import { channelCondition } from '../races/index.js';

export type ChannelOwner = Pick<
  UserRow,
  'id' | 'displayName' | 'photoUrl' | 'channelTitle' | 'channelDescription' | 'channelImage'
>;

const ownerColumns = {
  id: users.id,
  displayName: users.displayName,
  photoUrl: users.photoUrl,
  channelTitle: users.channelTitle,
  channelDescription: users.channelDescription,
  channelImage: users.channelImage,
};

/** Channels are members with at least one public video; the index lists them by newest video. */
export function channelsRepository(db: Db) {
  return {
    async findOwner(userId: number): Promise<ChannelOwner | null> {
      const [row] = await db.select(ownerColumns).from(users).where(eq(users.id, userId)).limit(1);
      return row ?? null;
    },

    async countWithVideos(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${races.userId})::int` })
        .from(races)
        .where(channelCondition());
      return row?.n ?? 0;
    },

    /** Channels [offset, offset + limit), the one with the newest public video first. */
    async pageWithVideos(
      offset: number,
      limit: number,
    ): Promise<Array<ChannelOwner & { videoCount: number }>> {
      if (limit <= 0) return [];
      const latest = db
        .select({
          userId: races.userId,
          lastAt: sql<string>`max(${races.createdAt})`.as('last_at'),
          videoCount: sql<number>`count(*)::int`.as('video_count'),
        })
        .from(races)
        .where(channelCondition())
        .groupBy(races.userId)
        .as('latest');
      return db
        .select({ ...ownerColumns, videoCount: latest.videoCount })
        .from(latest)
        .innerJoin(users, eq(users.id, latest.userId))
        .orderBy(desc(latest.lastAt), desc(users.id))
        .limit(limit)
        .offset(offset);
    },
  };
}

export type ChannelsRepository = ReturnType<typeof channelsRepository>;
