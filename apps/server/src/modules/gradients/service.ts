import {
  GPX_PREVIEW_MAX_POINTS,
  gpxFieldsSchema,
  MAX_GPX_POINTS,
  type GpxPreview,
} from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors.js';
import type { MultipartForm } from '../../http/multipart.js';
import type { concurrencyGate } from '../../lib/concurrency-gate.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { routeSummary } from '../race-route/index.js';
import type { RacesRepository, RaceWithOwner } from '../races/index.js';
import type { GpxProfile, GpxProfileRunner } from './off-loop.js';
import { saveGpxProfile } from './repository.js';
import {
  GPX_MESSAGES,
  GPX_RATE,
  offsetMessage,
  previewPoints,
  storedGpxFilename,
} from './rules.js';

export type GradientsDeps = {
  db: Db;
  races: RacesRepository;
  limiter: RateLimiter;
  /** Bounds the GPX threads of the process (GPX_WORKERS). */
  gate: ReturnType<typeof concurrencyGate>;
  runner: Pick<GpxProfileRunner, 'run'>;
};

/** A video the member may give gradients to, checked before its upload is read. */
export type GpxTarget = RaceWithOwner;

/** GPX gradients (document 001 section 4): preview the profile a file gives, or make it the video's. */
export function gradientsService({ db, races, limiter, gate, runner }: GradientsDeps) {
  /** The profile the form's file and offset give, or a 4xx saying what is wrong with them. */
  const profileOf = async (
    target: GpxTarget,
    form: MultipartForm,
  ): Promise<GpxProfile & { offsetS: number; fileName: string }> => {
    const fields = gpxFieldsSchema.safeParse(form.fields);
    if (!fields.success) throw badRequest(offsetMessage(fields.error.issues[0]));
    const [file] = form.files;
    if (!file) throw badRequest(GPX_MESSAGES.noFile);
    const offsetS = fields.data.offset;
    const profile = await gate.run(() =>
      runner.run({
        path: file.path,
        offsetS,
        durationS: target.race.duration,
        maxPoints: MAX_GPX_POINTS,
      }),
    );
    return { ...profile, offsetS, fileName: file.name };
  };

  return {
    /**
     * The video by url or numeric id (as GET /race/{id}), if `user` may give it gradients and it
     * is processed: 404, 403, 409, and 429 past the member's budget, all before any upload is read.
     */
    async target(user: UserRow, id: string): Promise<GpxTarget> {
      const rate = await limiter.hit(`gpx:member:${user.id}`, GPX_RATE.calls, GPX_RATE.windowMs);
      if (!rate.allowed) throw tooManyRequests(rate.retryAfterSeconds);
      const found =
        (await races.findByUrl(id)) ??
        (/^\d{1,9}$/.test(id) ? await races.findById(Number(id)) : null);
      if (!found) throw notFound(GPX_MESSAGES.notFound);
      if (!can(user, 'video.uploadGpx', { ownerId: found.race.userId }))
        throw forbidden(GPX_MESSAGES.notOwner);
      if (found.race.status !== 'ready' || !(found.race.duration > 0))
        throw conflict(GPX_MESSAGES.notReady);
      return found;
    },

    /** What saving would store, on the video's clock; nothing is written. */
    async preview(target: GpxTarget, form: MultipartForm): Promise<GpxPreview> {
      const { profile, offsetS, coveredFromS, coveredToS } = await profileOf(target, form);
      const summary = routeSummary(
        profile.map((p) => ({ distance: p.distanceM, elevation: p.elevationM })),
      );
      return {
        offset_s: offsetS,
        duration_s: target.race.duration,
        covered_from_s: coveredFromS,
        covered_to_s: coveredToS,
        distance_m: summary?.distance_m ?? 0,
        climb_m: summary?.climb_m ?? 0,
        points: previewPoints(profile, GPX_PREVIEW_MAX_POINTS),
      };
    },

    /** Rebuilds the video's profile from the file (slope source 2) and answers the video. */
    async save(target: GpxTarget, form: MultipartForm): Promise<RaceWithOwner> {
      const { profile, fileName } = await profileOf(target, form);
      const id = target.race.id;
      if (!(await saveGpxProfile(db, id, profile, storedGpxFilename(fileName))))
        throw notFound(GPX_MESSAGES.notFound);
      const updated = await races.findById(id);
      if (!updated) throw notFound(GPX_MESSAGES.notFound);
      return updated;
    },
  };
}

export type GradientsService = ReturnType<typeof gradientsService>;
