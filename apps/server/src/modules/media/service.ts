import { and, eq } from 'drizzle-orm';
import { MEDIA_URL_TTL_SECONDS, type Playback } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { races } from '../../db/schema.js';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import type { Storage } from '../../lib/storage.js';
import { mediaAccess, type PlaybackMode, type Viewer } from './access.js';
import { classifyMediaFile, contentTypeOf, streamAllowed } from './files.js';
import {
  allowedSegmentUris,
  cutHlsPlaylist,
  filterDashManifest,
  filterHlsMaster,
} from './manifests.js';
import type { MediaGrant, MediaSigner } from '../../lib/media-signing.js';

/** A media answer: a stored file as is, or a manifest rewritten for the grant. */
export type MediaResponse =
  | { kind: 'file'; key: string; contentType: string; grant: MediaGrant }
  | { kind: 'text'; body: string; contentType: string; grant: MediaGrant };

const CACHE_LIMIT = 500;

/** Signs playback URLs within the viewer's plan and decides every request under /media. */
export function mediaService(deps: {
  db: Db;
  storage: Storage;
  signer: MediaSigner;
  publicUrl: string;
}) {
  const { db, storage, signer } = deps;
  // A media folder never changes once ready (reprocessing writes a new one), so both caches
  // can keep their entries; they are only bounded in size.
  const renditionsByKey = new Map<string, string[]>();
  const segmentsByPlaylist = new Map<string, Set<string>>();
  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= CACHE_LIMIT) map.delete(map.keys().next().value!);
    map.set(key, value);
    return value;
  };

  async function renditionsOf(grant: MediaGrant): Promise<string[]> {
    const cached = renditionsByKey.get(grant.mediaKey);
    if (cached) return cached;
    const [row] = await db
      .select({ renditions: races.renditions })
      .from(races)
      .where(and(eq(races.id, grant.raceId), eq(races.mediaKey, grant.mediaKey)))
      .limit(1);
    if (!row) throw notFound('This video is no longer available.');
    return remember(renditionsByKey, grant.mediaKey, row.renditions);
  }

  async function readText(key: string): Promise<string> {
    try {
      return await storage.readText(key);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound();
      throw err;
    }
  }

  async function previewSegments(grant: MediaGrant, stream: number, maxSeconds: number) {
    const key = `${grant.mediaKey}/media_${stream}.m3u8`;
    const cacheKey = `${key}@${maxSeconds}`;
    return (
      segmentsByPlaylist.get(cacheKey) ??
      remember(segmentsByPlaylist, cacheKey, allowedSegmentUris(await readText(key), maxSeconds))
    );
  }

  return {
    async playback(
      viewer: Viewer | null,
      idOrUrl: string,
      mode: PlaybackMode,
      now = new Date(),
    ): Promise<Playback> {
      const where = /^\d{1,9}$/.test(idOrUrl)
        ? eq(races.id, Number(idOrUrl))
        : eq(races.url, idOrUrl);
      const [race] = await db.select().from(races).where(where).limit(1);
      if (!race) throw notFound('Video does not exist.');
      if (race.status !== 'ready' || !race.mediaKey) throw conflict('Video is being processed.');
      const access = mediaAccess(viewer, race, mode, now);
      if (!access.allowed) throw forbidden(access.message);
      const grant: MediaGrant = {
        use: 'play',
        raceId: race.id,
        mediaKey: race.mediaKey,
        quality: access.quality,
        maxSeconds: access.maxSeconds,
        expiresAt: signer.expiry(MEDIA_URL_TTL_SECONDS, now.getTime()),
      };
      const url = (file: string) => deps.publicUrl + signer.url(grant, file);
      return {
        mode,
        quality: access.quality === 'hd' && race.renditions.includes('hd') ? 'hd' : 'sd',
        hls_url: url('master.m3u8'),
        dash_url: url('manifest.mpd'),
        poster_url: url(race.posterFile ?? 'poster.jpg'),
        max_seconds: access.maxSeconds,
        expires_at: new Date(grant.expiresAt * 1000).toISOString(),
      };
    },

    /** GET /media/{token}/{file}: 403 for a bad token or a file outside the grant, 404 else. */
    async resolve(token: string, file: string, nowMs = Date.now()): Promise<MediaResponse> {
      const grant = signer.verify(token, nowMs);
      if (!grant) throw forbidden('This media link is invalid or has expired.');
      const what = classifyMediaFile(file);
      if (!what) throw notFound();
      const key = `${grant.mediaKey}/${file}`;
      const contentType = contentTypeOf(file);
      const asFile = { kind: 'file' as const, key, contentType, grant };
      // A voiceover's link opens its audio only, and only such a link opens audio.
      if ((grant.use === 'voiceover') !== (what.kind === 'audio')) {
        throw forbidden('This link does not open this file.');
      }
      if (what.kind === 'image' || what.kind === 'audio') return asFile;
      // A card's image link must not open the stream it sits beside (the paywall hole of issue 10).
      if (grant.use !== 'play') throw forbidden('This link opens the video’s images only.');

      const cap = grant.maxSeconds;
      const renditions = grant.quality === 'hd' ? [] : await renditionsOf(grant);
      const allowed = (stream: number) =>
        grant.quality === 'hd' || streamAllowed(stream, renditions, grant.quality);
      const text = (body: string) => ({ kind: 'text' as const, body, contentType, grant });

      switch (what.kind) {
        case 'master': {
          const master = await readText(key);
          return text(grant.quality === 'hd' ? master : filterHlsMaster(master, allowed));
        }
        case 'mpd':
          return text(filterDashManifest(await readText(key), { allowed, maxSeconds: cap }));
        case 'playlist': {
          if (!allowed(what.stream)) throw outsidePlan();
          const playlist = await readText(key);
          return text(cap === null ? playlist : cutHlsPlaylist(playlist, cap));
        }
        case 'init':
          if (!allowed(what.stream)) throw outsidePlan();
          return asFile;
        case 'chunk': {
          if (!allowed(what.stream)) throw outsidePlan();
          if (cap !== null && !(await previewSegments(grant, what.stream, cap)).has(file)) {
            throw forbidden('The preview ends here.');
          }
          return asFile;
        }
      }
    },
  };
}

const outsidePlan = () => new HttpError(403, 'This quality is not part of your plan.');

export type MediaService = ReturnType<typeof mediaService>;
