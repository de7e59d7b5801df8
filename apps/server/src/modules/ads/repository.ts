import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adDailyCounts, adDailySalts, adDailyViewers, ads, type AdRow } from '../../db/schema.js';
import type { DayCounts, ServeableAd } from './rules.js';

export type AdWithTotals = AdRow & { impressions: number; clicks: number };
export type AdChanges = Partial<
  Pick<AdRow, 'title' | 'linkUrl' | 'slot' | 'startsAt' | 'endsAt' | 'weight' | 'active'>
>;
export type NewAd = Required<AdChanges>;

const totals = {
  impressions: sql<number>`coalesce((select sum(${adDailyCounts.impressions}) from ${adDailyCounts} where ${adDailyCounts.adId} = ${ads.id}), 0)::int`,
  clicks: sql<number>`coalesce((select sum(${adDailyCounts.clicks}) from ${adDailyCounts} where ${adDailyCounts.adId} = ${ads.id}), 0)::int`,
};

/** House ads, their daily counts and the daily salted viewer hashes (db/schema/ads.ts). */
export function adsRepository(db: Db) {
  return {
    /**
     * Every ad the cache may serve: active, with an image, not ended (ended ones would only
     * grow the cache; dates are checked again when serving).
     */
    async serveable(): Promise<ServeableAd[]> {
      const rows = await db
        .select()
        .from(ads)
        .where(
          and(
            eq(ads.active, true),
            isNotNull(ads.imageKey),
            or(isNull(ads.endsAt), gt(ads.endsAt, sql`now()`)),
          ),
        );
      return rows.flatMap((r) =>
        r.imageKey === null
          ? []
          : [
              {
                id: r.id,
                title: r.title,
                linkUrl: r.linkUrl,
                slot: r.slot,
                imageUrl: r.imageKey,
                startsAt: r.startsAt,
                endsAt: r.endsAt,
                weight: r.weight,
              },
            ],
      );
    },

    /** Every ad with its totals, newest first. */
    listWithTotals(): Promise<AdWithTotals[]> {
      return db
        .select({ ...tableColumns(), ...totals })
        .from(ads)
        .orderBy(desc(ads.createdAt), desc(ads.id));
    },

    async withTotals(id: number): Promise<AdWithTotals | null> {
      const [row] = await db
        .select({ ...tableColumns(), ...totals })
        .from(ads)
        .where(eq(ads.id, id));
      return row ?? null;
    },

    async find(id: number): Promise<AdRow | null> {
      const [row] = await db.select().from(ads).where(eq(ads.id, id));
      return row ?? null;
    },

    async insert(values: NewAd): Promise<AdRow> {
      const [row] = await db.insert(ads).values(values).returning();
      if (!row) throw new Error('insert returned no ad');
      return row;
    },

    async update(id: number, changes: AdChanges): Promise<AdRow | null> {
      const [row] = await db
        .update(ads)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(ads.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Sets the image and answers the one it replaced, in one statement: of two uploads at once,
     * each learns the file it replaced, so none is left behind. Null: no such ad.
     */
    async swapImage(id: number, imageKey: string): Promise<{ previous: string | null } | null> {
      const result = await db.execute(sql`
        update ${ads} set image_key = ${imageKey}, updated_at = now()
        from (select id, image_key from ${ads} where id = ${id} for update) as old
        where ${ads.id} = old.id
        returning old.image_key as previous`);
      const [row] = (result as unknown as { rows: Array<{ previous: string | null }> }).rows;
      return row ?? null;
    },

    /** Removes the ad with its counts and viewer hashes (cascade); answers the removed row. */
    async remove(id: number): Promise<AdRow | null> {
      const [row] = await db.delete(ads).where(eq(ads.id, id)).returning();
      return row ?? null;
    },

    /** The day's salt, made at random by whichever process asks first. */
    async saltOf(day: string): Promise<Buffer> {
      await db
        .insert(adDailySalts)
        .values({ day, salt: randomBytes(32) })
        .onConflictDoNothing();
      const [row] = await db.select().from(adDailySalts).where(eq(adDailySalts.day, day));
      if (!row) throw new Error(`no ad salt for ${day}`);
      return row.salt;
    },

    /**
     * Counts one impression or click unless this viewer hash was counted for the ad today: one
     * statement, so the viewer row and the count agree. Answers whether it counted.
     */
    async countOnce(
      adId: number,
      day: string,
      kind: 'impression' | 'click',
      hash: Buffer,
    ): Promise<boolean> {
      const impressions = kind === 'impression' ? 1 : 0;
      const clicks = kind === 'click' ? 1 : 0;
      const result = await db.execute(sql`
        with seen as (
          insert into ${adDailyViewers} (ad_id, day, kind, viewer_hash)
          values (${adId}, ${day}::date, ${kind}, ${hash})
          on conflict do nothing
          returning ad_id
        )
        insert into ${adDailyCounts} (ad_id, day, impressions, clicks)
        select ad_id, ${day}::date, ${impressions}::int, ${clicks}::int from seen
        on conflict (ad_id, day) do update
          set impressions = ${adDailyCounts.impressions} + excluded.impressions,
              clicks = ${adDailyCounts.clicks} + excluded.clicks
        returning ad_id`);
      return (result as unknown as { rows: unknown[] }).rows.length > 0;
    },

    /** Counts of the days from `fromDay` on (days without counts have no row). */
    async counts(adId: number, fromDay: string): Promise<DayCounts[]> {
      return db
        .select({
          day: adDailyCounts.day,
          impressions: adDailyCounts.impressions,
          clicks: adDailyCounts.clicks,
        })
        .from(adDailyCounts)
        .where(and(eq(adDailyCounts.adId, adId), gte(adDailyCounts.day, fromDay)));
    },

    /** Deletes viewer hashes and salts of days before `keepFrom`. */
    async forgetBefore(keepFrom: string): Promise<void> {
      await db.delete(adDailyViewers).where(lt(adDailyViewers.day, keepFrom));
      await db.delete(adDailySalts).where(lt(adDailySalts.day, keepFrom));
    },
  };
}

export type AdsRepository = ReturnType<typeof adsRepository>;

const tableColumns = () => ({
  id: ads.id,
  title: ads.title,
  linkUrl: ads.linkUrl,
  slot: ads.slot,
  imageKey: ads.imageKey,
  startsAt: ads.startsAt,
  endsAt: ads.endsAt,
  weight: ads.weight,
  active: ads.active,
  createdAt: ads.createdAt,
  updatedAt: ads.updatedAt,
});
