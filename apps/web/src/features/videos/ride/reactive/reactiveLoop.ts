import type { RouteTimeline } from '@ridealong/trainer';
import type { TrackerData } from '@ridealong/contracts';
import { placeholderDue, usablePower } from '../recorder';
import type { RideSession } from '../rideSession';
import type { StoredRide } from '../pointBuffer';
import { ReactiveDriver, riderSettingsOf } from './reactiveDriver';
import { videoPlayer, type VideoReactivePlayer } from './reactivePlayer';

/** A reactive ride's loop on the page: the driver and the video it drives. */
export type ReactiveLoop = { driver: ReactiveDriver; video: VideoReactivePlayer };

/** Opens the loop for a new ride, or one going on from a kept ride's last second and distance. */
export function openReactiveLoop(
  timeline: RouteTimeline,
  user: Parameters<typeof riderSettingsOf>[0],
  video: HTMLVideoElement,
  resume?: StoredRide,
): ReactiveLoop {
  const from = resume
    ? { rideTime: resume.last_elapsed + 1, distance: resume.distance ?? 0 }
    : undefined;
  return {
    driver: new ReactiveDriver(timeline, riderSettingsOf(user), from),
    video: videoPlayer(video),
  };
}

type Tracker = { data: TrackerData | null; sampleAt: number | null };

/**
 * One recording tick of a reactive ride: the driver rides the tracker's power (0 for a stale
 * or missing sample, as a placeholder second pedals nothing) and steers the video, and the
 * session records the rider's place. Returns true when the rider reached the route's end (its
 * last second is recorded then).
 */
export function tickReactive(
  loop: ReactiveLoop,
  session: RideSession,
  video: HTMLVideoElement,
  { data, sampleAt }: Tracker,
  now: number,
): boolean {
  const fresh = data !== null && !placeholderDue(sampleAt, now);
  const watts = fresh ? usablePower(data.power) : 0;
  const step = loop.driver.tick(watts, performance.now(), loop.video.player);
  const position = { rideTime: step.rideTime, distance: step.distance, speed: step.speed };
  if (step.finished) session.finish(video.currentTime, now, data, sampleAt, position);
  else session.tick(video.currentTime, now, data, sampleAt, position);
  return step.finished;
}

/** The video ran out before the rider reached the end: the ride ends there, its place recorded. */
export function endReactive(
  loop: ReactiveLoop,
  session: RideSession | undefined,
  video: HTMLVideoElement,
  { data, sampleAt }: Tracker,
): void {
  if (loop.driver.finished) return; // recorded when the rider got there
  session?.finish(video.currentTime, Date.now(), data, sampleAt, loop.driver.position);
}
