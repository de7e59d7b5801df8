import {
  and,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import { DEMO_VIDEO_URL, type HandleMutesBody } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { races, tracks, users, type RaceRow } from '../../db/schema.js';
import type { RaceWithOwner } from './presenter.js';

/** Every column but the search vector, which is large and only ever read by the database. */
const { searchVector: _searchVector, ...raceColumns } = getTableColumns(races);
const ownerColumns = {
  id: users.id,
  displayName: users.displayName,
  channelTitle: users.channelTitle,
  photoUrl: users.photoUrl,
};

type Selected = { race: Omit<RaceRow, 'searchVector'>; owner: RaceWithOwner['owner'] };
const withVector = (r: Selected): RaceWithOwner => ({
  race: { ...r.race, searchVector: null },
  owner: r.owner,
});

/** The listing order; NULLS LAST matches races_listed_idx, so pages walk the index. */
const NEWEST_FIRST = sql`${races.createdAt} desc nulls last, ${races.id} desc nulls last`;
const OLDEST_FIRST = sql`${races.createdAt} asc nulls first, ${races.id} asc nulls first`;

export type ListingFilter = {
  /** to_tsquery('english', ...) text from prefixTsquery(); null for no search. */
  tsquery: string | null;
  /** Duration bounds in seconds, [min, max). */
  minSeconds: number | null;
  maxSeconds: number | null;
};

/** What GET /races lists: ready, searchable, never the demo video. */
function listingCondition(f: ListingFilter): SQL | undefined {
  return and(
    eq(races.status, 'ready'),
    sql`${races.searchVisible}`,
    ne(races.url, DEMO_VIDEO_URL),
    f.tsquery !== null
      ? sql`${races.searchVector} @@ to_tsquery('english', ${f.tsquery})`
      : undefined,
    f.minSeconds !== null ? gte(races.duration, f.minSeconds) : undefined,
    f.maxSeconds !== null ? lt(races.duration, f.maxSeconds) : undefined,
  );
}

/** What a channel shows to the public: ready, shown in the channel, never the demo video. */
export function channelCondition(owners?: SQL): SQL | undefined {
  return and(
    owners,
    eq(races.status, 'ready'),
    sql`${races.channelVisible}`,
    ne(races.url, DEMO_VIDEO_URL),
  );
}

export function racesRepository(db: Db) {
  const selectWithOwner = () =>
    db
      .select({ race: raceColumns, owner: ownerColumns })
      .from(races)
      .innerJoin(users, eq(users.id, races.userId));

  const count = async (where: SQL | undefined): Promise<number> => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(races)
      .where(where);
    return row?.n ?? 0;
  };

  return {
    async findByUrl(url: string): Promise<RaceWithOwner | null> {
      const [row] = await selectWithOwner().where(eq(races.url, url)).limit(1);
      return row ? withVector(row) : null;
    },
    async findById(id: number): Promise<RaceWithOwner | null> {
      const [row] = await selectWithOwner().where(eq(races.id, id)).limit(1);
      return row ? withVector(row) : null;
    },

    countListing: (f: ListingFilter) => count(listingCondition(f)),

    /**
     * Rows [offset, offset + limit) newest first, or oldest first when `reversed`. The page's ids
     * are found first and only those rows are joined to their owners, so skipped rows cost one
     * index entry each, not a join.
     */
    async listing(
      f: ListingFilter,
      w: { offset: number; limit: number; reversed: boolean },
    ): Promise<RaceWithOwner[]> {
      if (w.limit <= 0) return [];
      const order = w.reversed ? OLDEST_FIRST : NEWEST_FIRST;
      const page = db
        .select({ id: races.id })
        .from(races)
        .where(listingCondition(f))
        .orderBy(order)
        .limit(w.limit)
        .offset(w.offset)
        .as('page');
      const rows = await selectWithOwner()
        .innerJoin(page, eq(page.id, races.id))
        .orderBy(NEWEST_FIRST);
      return rows.map(withVector);
    },

    /** Ready videos among `urls` (any order; the caller orders them). */
    async readyByUrls(urls: string[]): Promise<RaceWithOwner[]> {
      if (urls.length === 0) return [];
      const rows = await selectWithOwner().where(
        and(inArray(races.url, urls), eq(races.status, 'ready'), ne(races.url, DEMO_VIDEO_URL)),
      );
      return rows.map(withVector);
    },

    /** A channel's videos newest first: public ones, or all of them (but the demo) for its owner. */
    async channelPage(
      userId: number,
      everything: boolean,
      w: { offset: number; limit: number },
    ): Promise<{ rows: RaceWithOwner[]; total: number }> {
      const where = everything
        ? and(eq(races.userId, userId), ne(races.url, DEMO_VIDEO_URL))
        : channelCondition(eq(races.userId, userId));
      const [rows, total] = await Promise.all([
        selectWithOwner().where(where).orderBy(NEWEST_FIRST).limit(w.limit).offset(w.offset),
        count(where),
      ]);
      return { rows: rows.map(withVector), total };
    },

    /** Up to `perChannel` public videos of each of `userIds`, newest first. */
    async channelRows(userIds: number[], perChannel: number): Promise<RaceWithOwner[]> {
      if (userIds.length === 0) return [];
      const ranked = db
        .select({
          id: races.id,
          rank: sql<number>`row_number() over (partition by ${races.userId} order by ${NEWEST_FIRST})`.as(
            'rank',
          ),
        })
        .from(races)
        .where(channelCondition(inArray(races.userId, userIds)))
        .as('ranked');
      const rows = await selectWithOwner()
        .innerJoin(ranked, eq(ranked.id, races.id))
        .where(lte(ranked.rank, perChannel))
        .orderBy(NEWEST_FIRST);
      return rows.map(withVector);
    },

    async update(
      id: number,
      values: Partial<
        Pick<RaceRow, 'title' | 'description' | 'channelVisible' | 'searchVisible' | 'duration'>
      >,
    ): Promise<boolean> {
      const rows = await db
        .update(races)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(races.id, id))
        .returning({ id: races.id });
      return rows.length > 0;
    },

    /**
     * Flips one of the video's audio switches in the database itself, so two flips at once are
     * both counted; false when there is no such video.
     */
    async flipAudioSwitch(id: number, target: HandleMutesBody['to_change']): Promise<boolean> {
      const flip =
        target === 'VIDEO'
          ? { muteVideoAudio: sql<boolean>`not ${races.muteVideoAudio}` }
          : { muteOverlayAudio: sql<boolean>`not ${races.muteOverlayAudio}` };
      const rows = await db
        .update(races)
        .set({ ...flip, updatedAt: new Date() })
        .where(eq(races.id, id))
        .returning({ id: races.id });
      return rows.length > 0;
    },

    /** The member's ride of a video ended (last pushed or saved) since `since`, unused first. */
    async rideForDurationReport(raceId: number, userId: number, since: Date) {
      const [row] = await db
        .select({
          id: tracks.id,
          // The last second of video it reached: a reactive ride's seconds are its own, so its
          // last point's video_time (issue 26).
          lastElapsedTime: sql<number | null>`case when ${tracks.rideMode} = 'reactive'
            then (select floor(p.video_time)::int from track_points p
                   where p.track_id = ${tracks.id} and p.elapsed_time = ${tracks.lastElapsedTime})
            else ${tracks.lastElapsedTime} end`,
          durationReportedAt: tracks.durationReportedAt,
        })
        .from(tracks)
        .where(
          and(eq(tracks.raceId, raceId), eq(tracks.userId, userId), gte(tracks.updatedAt, since)),
        )
        .orderBy(sql`${tracks.durationReportedAt} is null desc`, desc(tracks.updatedAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Marks the ride as having reported and sets the duration, in one transaction; false when
     * the ride had reported meanwhile (two reports at once count once).
     */
    async applyReportedDuration(raceId: number, trackId: number, seconds: number) {
      return db.transaction(async (tx) => {
        const marked = await tx
          .update(tracks)
          .set({ durationReportedAt: new Date() })
          .where(and(eq(tracks.id, trackId), isNull(tracks.durationReportedAt)))
          .returning({ id: tracks.id });
        if (marked.length === 0) return false;
        await tx
          .update(races)
          .set({ duration: seconds, updatedAt: new Date() })
          .where(eq(races.id, raceId));
        return true;
      });
    },

    /**
     * Deletes the row; its files, slope points and uploads go with it (foreign key cascades).
     * `alongside` runs in the same transaction (what must commit with the delete).
     */
    async remove(id: number, alongside?: (tx: Db) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.delete(races).where(eq(races.id, id)).returning({ id: races.id });
        if (rows.length > 0) await alongside?.(tx);
        return rows.length > 0;
      });
    },
  };
}

export type RacesRepository = ReturnType<typeof racesRepository>;
