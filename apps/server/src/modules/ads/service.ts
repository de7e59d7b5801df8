import {
  AD_LIMITS,
  adDatesInOrder,
  adLinkSchema,
  servesAds,
  type AdInput,
  type AdPatch,
  type AdServing,
  type AdSlot,
} from '@ridealong/contracts';
import { isForeignKeyViolation } from '../../db/pg-errors.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, forbidden, HttpError, notFound, tooManyRequests } from '../../http/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { InterServerBus } from '../../realtime/inter-server-bus.js';
import { planFieldsOf } from '../billing/index.js';
import { IMAGE_MESSAGES, sniffImage } from '../channels/index.js';
import type { AdsCache } from './cache.js';
import type { AdImageStore } from './images.js';
import type { AdsRepository, AdWithTotals } from './repository.js';
import {
  AD_COUNT_RATE,
  daysBefore,
  fillDays,
  utcDay,
  viewerHash,
  viewerKey,
  withinDates,
  type DayCounts,
  type ServeableAd,
} from './rules.js';

export type AdsServiceDeps = {
  repo: AdsRepository;
  cache: AdsCache;
  images: AdImageStore;
  limiter: RateLimiter;
  interServer: InterServerBus;
  tagUrl: string | null;
  /** Where a click whose counting failed is reported (the rider still reaches the link). */
  log: { warn: (obj: { err: unknown; adId: number }, msg: string) => void };
  random?: () => number;
};

/** Who asks to count: the member, or the guest's network and browser (hashed, never stored). */
export type AdViewer = {
  /** The signed-in member (their plan decides whether they get ads at all). */
  member: UserRow | null;
  /** The client's network (`clientNetwork`: an IPv6 /64, not each address in it). */
  network: string;
  userAgent: string | undefined;
  /** False when the browser says another site's page sent the request (Sec-Fetch-Site). */
  fromOurPages: boolean;
};

export const AD_MESSAGES = {
  notFound: 'This ad does not exist.',
  datesOrder: 'The end must be after the start.',
  noLink: 'This ad has no valid link.',
  otherSite: 'Ads are counted only from this site’s pages.',
} as const;

export function adsService(deps: AdsServiceDeps) {
  const { repo, cache, images, limiter, interServer } = deps;
  const random = deps.random ?? Math.random;
  let salt: { day: string; value: Promise<Buffer> } | null = null;

  /** The day's salt, read once a day per process. */
  const saltOf = (day: string): Promise<Buffer> => {
    if (salt?.day !== day) {
      const value = repo.saltOf(day);
      salt = { day, value };
      // A failed read is tried again by the next request.
      value.catch(() => {
        if (salt?.value === value) salt = null;
      });
    }
    return salt.value;
  };

  /** After a commit: this process reloads before answering, the others when told. */
  const changed = async () => {
    interServer.publish('ads-changed', { at: Date.now() });
    await cache.reload();
  };

  const existing = async (id: number) => {
    const row = await repo.find(id);
    if (!row) throw notFound(AD_MESSAGES.notFound);
    return row;
  };
  const withTotals = async (id: number): Promise<AdWithTotals> => {
    const row = await repo.withTotals(id);
    if (!row) throw notFound(AD_MESSAGES.notFound);
    return row;
  };

  /** An ad this process serves now; anything else is unknown to counting and clicks. */
  const serving = (id: number, now: Date): ServeableAd => {
    const ad = cache.find(id);
    if (!ad || !withinDates(ad, now)) throw notFound(AD_MESSAGES.notFound);
    return ad;
  };

  async function count(kind: 'impression' | 'click', ad: ServeableAd, who: AdViewer, now: Date) {
    const day = utcDay(now);
    const hash = viewerHash(
      await saltOf(day),
      viewerKey(who.member?.id ?? null, who.network, who.userAgent),
    );
    try {
      await repo.countOnce(ad.id, day, kind, hash);
    } catch (err) {
      // Removed between the cache's answer and the count: the ad is gone, not a server error.
      if (isForeignKeyViolation(err)) throw notFound(AD_MESSAGES.notFound);
      throw err;
    }
  }

  const getsAds = (who: AdViewer, now: Date) =>
    servesAds(who.member ? planFieldsOf(who.member) : null, now);

  const rateLimited = async (network: string) => {
    const key = `ads:ip:${network}`;
    const rate = await limiter.hit(key, AD_COUNT_RATE.perIp, AD_COUNT_RATE.windowMs);
    if (!rate.allowed) throw tooManyRequests(rate.retryAfterSeconds);
  };

  return {
    /** GET /ads?slot=: from memory only (no query); ad-free viewers get nothing at all. */
    serve(user: UserRow | null, slot: AdSlot, now = new Date()): AdServing {
      if (!servesAds(user ? planFieldsOf(user) : null, now)) return { slot, ad: null, tag: null };
      const ad = cache.pick(slot, now, random);
      return {
        slot,
        tag: deps.tagUrl ? { src: deps.tagUrl } : null,
        ad: ad && {
          id: ad.id,
          title: ad.title,
          image_url: ad.imageUrl,
          click_url: `/api/v1/ads/${ad.id}/click?slot=${encodeURIComponent(slot)}`,
        },
      };
    },

    /** POST /ads/{id}/impression: counted once a day per viewer and ad. */
    async impression(id: number, who: AdViewer, now = new Date()): Promise<void> {
      await rateLimited(who.network);
      const ad = serving(id, now);
      if (!who.fromOurPages) throw forbidden(AD_MESSAGES.otherSite);
      // Never served to an ad-free member: such a report is not a view to count.
      if (!getsAds(who, now)) return;
      await count('impression', ad, who, now);
    },

    /** GET /ads/{id}/click: counts, then answers the stored link (checked again), never another. */
    async click(id: number, who: AdViewer, now = new Date()): Promise<string> {
      await rateLimited(who.network);
      const ad = serving(id, now);
      const link = adLinkSchema.safeParse(ad.linkUrl);
      if (!link.success) throw notFound(AD_MESSAGES.noLink);
      // A link to the ad on another site still leads to it, but is not our slot's click.
      if (!who.fromOurPages || !getsAds(who, now)) return link.data;
      try {
        await count('click', ad, who, now);
      } catch (err) {
        if (err instanceof HttpError) throw err;
        // A lost count costs a figure; a failed redirect would cost the advertiser the visitor.
        deps.log.warn({ err, adId: ad.id }, 'counting an ad click failed; redirected anyway');
      }
      return link.data;
    },

    list: () => repo.listWithTotals(),

    async create(input: AdInput): Promise<AdWithTotals> {
      const startsAt = new Date(input.starts_at);
      const endsAt = input.ends_at === null ? null : new Date(input.ends_at);
      // The database refuses dates out of order too; a 400 with the reason, never its 500.
      if (!adDatesInOrder(startsAt, endsAt)) throw badRequest(AD_MESSAGES.datesOrder);
      const row = await repo.insert({
        title: input.title,
        linkUrl: input.link_url,
        slot: input.slot,
        startsAt,
        endsAt,
        weight: input.weight,
        active: input.active,
      });
      await changed();
      return { ...row, impressions: 0, clicks: 0 };
    },

    async patch(id: number, patch: AdPatch): Promise<AdWithTotals> {
      const row = await existing(id);
      const startsAt = patch.starts_at === undefined ? row.startsAt : new Date(patch.starts_at);
      const endsAt =
        patch.ends_at === undefined ? row.endsAt : patch.ends_at ? new Date(patch.ends_at) : null;
      if (!adDatesInOrder(startsAt, endsAt)) throw badRequest(AD_MESSAGES.datesOrder);
      const updated = await repo.update(id, {
        title: patch.title,
        linkUrl: patch.link_url,
        slot: patch.slot,
        startsAt,
        endsAt,
        weight: patch.weight,
        active: patch.active,
      });
      if (!updated) throw notFound(AD_MESSAGES.notFound);
      await changed();
      return withTotals(id);
    },

    /** Removes the ad, its counts (cascade) and its stored image. */
    async remove(id: number): Promise<void> {
      const row = await repo.remove(id);
      if (!row) throw notFound(AD_MESSAGES.notFound);
      await changed();
      await images.remove(row.imageKey);
    },

    /** Stores the image re-encoded (PNG, JPEG or WebP by content) and drops the previous one. */
    async setImage(id: number, bytes: Uint8Array): Promise<AdWithTotals> {
      await existing(id);
      if (bytes.length > AD_LIMITS.imageMaxBytes) throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
      const type = sniffImage(bytes);
      if (!type) throw badRequest(IMAGE_MESSAGES.notImage);
      const clean = await images.reencode(bytes, type);
      if (!clean.ok) throw badRequest(IMAGE_MESSAGES[clean.reason]);
      const url = await images.save(id, clean.bytes, type);
      const swapped = await repo.swapImage(id, url);
      if (!swapped) {
        await images.remove(url);
        throw notFound(AD_MESSAGES.notFound);
      }
      await changed();
      await images.remove(swapped.previous);
      return withTotals(id);
    },

    /** The last `days` UTC days of counts, newest first, zeros included. */
    async stats(id: number, days: number, now = new Date()): Promise<DayCounts[]> {
      await existing(id);
      const today = utcDay(now);
      return fillDays(await repo.counts(id, daysBefore(today, days - 1)), today, days);
    },
  };
}

export type AdsService = ReturnType<typeof adsService>;
