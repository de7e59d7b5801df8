import { CHALLENGE, MILES_PER_METRE, type ChallengeType } from '@ridealong/contracts';

/**
 * A member's progress in one challenge, from their stored rides and uploads alone (never from
 * what a client says). Pure: the same facts always give the same progress, so recomputing
 * after a resent save, a deleted ride or a recalculation lands on the same numbers.
 * The readings of each type are in docs/challenges.md.
 */

/** What a challenge's progress depends on. */
export type ChallengeRule = {
  type: ChallengeType;
  /** The window [startsAt, endsAt): a ride counts when it started inside it. */
  startsAt: Date;
  endsAt: Date;
  /** Miles, watts, minutes, videos or rides; null for race-based. */
  goal: number | null;
  /** Race-based: the video urls, in order. */
  videoSubset: readonly string[];
};

/** One saved ride, as stored. */
export type RideFact = {
  startedAt: Date;
  raceUrl: string;
  /** Metres. */
  distance: number;
  /** Seconds ridden. */
  duration: number;
  /** Watt-seconds. */
  accumulatedPower: number;
  /** The last second of video ridden; null without points. */
  lastElapsedTime: number | null;
  /** The video's length in seconds; null or 0 when unknown (the video was deleted). */
  videoDuration: number | null;
};

/** One of the member's videos that is ready, by when it was uploaded. */
export type UploadFact = { uploadedAt: Date };

export type Progress = {
  currentTotal: number;
  averagePower: number;
  videosWatched: string[];
  /** 0 to 1. */
  completionPercent: number;
  complete: boolean;
};

export const inWindow = (rule: Pick<ChallengeRule, 'startsAt' | 'endsAt'>, at: Date): boolean =>
  at.getTime() >= rule.startsAt.getTime() && at.getTime() < rule.endsAt.getTime();

const round2 = (n: number) => Math.round(n * 100) / 100;
const share = (done: number, goal: number | null) =>
  goal && goal > 0 ? Math.min(1, Math.max(0, done / goal)) : 0;

/**
 * Whether a ride rode a race video through: it reached the last tenth of the video and rode
 * at least that share of it (seconds ridden are bounded by the wall clock when saved, so a
 * ride that jumped to the end does not count). A ride of a video whose length is no longer
 * known (deleted since) cannot show it and does not count.
 */
export function rodeThrough(ride: RideFact): boolean {
  if (!ride.videoDuration || ride.videoDuration <= 0) return false;
  const needed = CHALLENGE.raceCoverage * ride.videoDuration;
  return (ride.lastElapsedTime ?? -1) + 1 >= needed && ride.duration >= needed;
}

const endOf = (r: RideFact) => r.startedAt.getTime() + r.duration * 1000;

/**
 * The rides that count: a member rides one video at a time, so a ride that overlaps in time
 * with one already counted (earliest first) does not count. Rides recorded side by side in
 * several tabs cannot multiply time, distance or rides.
 */
export function oneAtATime(rides: readonly RideFact[]): RideFact[] {
  const sorted = [...rides].sort(
    (a, b) => a.startedAt.getTime() - b.startedAt.getTime() || endOf(b) - endOf(a),
  );
  const kept: RideFact[] = [];
  let until = -Infinity;
  for (const r of sorted) {
    if (r.startedAt.getTime() < until) continue;
    kept.push(r);
    until = endOf(r);
  }
  return kept;
}

/** Watts over every second ridden (accumulated power / seconds, as section 9 shows power). */
function averageWatts(rides: readonly RideFact[]): number {
  let seconds = 0;
  let joules = 0;
  for (const r of rides) {
    seconds += r.duration;
    joules += r.accumulatedPower;
  }
  return seconds > 0 ? round2(joules / seconds) : 0;
}

/**
 * POWER_BASED: each ride scores its average against the goal, scaled by how much of
 * CHALLENGE.powerMinSeconds it lasted; the member's best ride is their progress. Riding more
 * never takes a completed challenge away, and a short sprint does not complete it.
 */
function bestPowerRide(rides: readonly RideFact[], goal: number | null) {
  let best = { score: 0, watts: 0 };
  for (const r of rides) {
    const watts = r.duration > 0 ? round2(r.accumulatedPower / r.duration) : 0;
    const score = share(watts, goal) * Math.min(1, r.duration / CHALLENGE.powerMinSeconds);
    if (score > best.score || (score === best.score && watts > best.watts)) best = { score, watts };
  }
  return best;
}

function done(
  completionPercent: number,
  rest: Omit<Progress, 'completionPercent' | 'complete'>,
): Progress {
  return { ...rest, completionPercent, complete: completionPercent >= 1 };
}

/** The member's progress in a challenge from all their saved rides and ready uploads. */
export function progressOf(
  rule: ChallengeRule,
  allRides: readonly RideFact[],
  allUploads: readonly UploadFact[],
): Progress {
  const rides = oneAtATime(allRides.filter((r) => inWindow(rule, r.startedAt)));
  const averagePower = averageWatts(rides);
  const base = { averagePower, videosWatched: [] as string[] };
  switch (rule.type) {
    case 'RACE_BASED': {
      const ridden = new Set(rides.filter(rodeThrough).map((r) => r.raceUrl));
      const videosWatched = rule.videoSubset.filter((url) => ridden.has(url));
      const total = videosWatched.length;
      return done(share(total, rule.videoSubset.length), {
        ...base,
        currentTotal: total,
        videosWatched,
      });
    }
    case 'POWER_BASED': {
      const best = bestPowerRide(rides, rule.goal);
      return done(best.score, { ...base, currentTotal: best.watts });
    }
    case 'UPLOAD_BASED': {
      const total = allUploads.filter((u) => inWindow(rule, u.uploadedAt)).length;
      return done(share(total, rule.goal), { ...base, currentTotal: total });
    }
    case 'DISTANCE_BASED': {
      const total = round2(rides.reduce((m, r) => m + r.distance, 0) * MILES_PER_METRE);
      return done(share(total, rule.goal), { ...base, currentTotal: total });
    }
    case 'TIME_BASED': {
      const total = round2(rides.reduce((sec, r) => sec + r.duration, 0) / 60);
      return done(share(total, rule.goal), { ...base, currentTotal: total });
    }
    case 'RIDE_BASED': {
      const total = rides.filter((r) => r.duration >= CHALLENGE.rideMinSeconds).length;
      return done(share(total, rule.goal), { ...base, currentTotal: total });
    }
  }
}

/**
 * The span of time any of these challenges counts (the union of their windows): one read of
 * the member's rides inside it serves them all.
 */
export function spanOf(rules: readonly Pick<ChallengeRule, 'startsAt' | 'endsAt'>[]) {
  if (rules.length === 0) return null;
  let from = rules[0]!.startsAt;
  let to = rules[0]!.endsAt;
  for (const r of rules) {
    if (r.startsAt < from) from = r.startsAt;
    if (r.endsAt > to) to = r.endsAt;
  }
  return { from, to };
}
