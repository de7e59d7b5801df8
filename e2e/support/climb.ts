import type { Page } from '@playwright/test';
import type { Session } from './accounts.js';
import { newRider } from './accounts.js';
import { constantClimbGpx, readTimeline, uploadGpx, type Timeline } from './reactive.js';
import { makeRideClip, uploadReadyVideo } from './ride.js';
import { E2E_TRACKER_URL, signInDesktopRider, useTrackerUrl } from './tracker.js';
import { uniqueTitle } from './videos.js';

/**
 * The reactive specs' road: a 40 s clip filmed climbing a constant 4 % at 5 m/s (200 m), so
 * every stretch is the same road and the video time at a distance is distance / 5. At 4 % the
 * default rider (72 kg) rides about 2.5 m/s at 100 W and 7 m/s at 400 W: the video at about
 * 0.5x and 1.4x.
 */
export const CLIMB = { clipSeconds: 40, filmedMps: 5, gradePercent: 4 } as const;

export type ClimbVideo = {
  session: Session;
  video: Awaited<ReturnType<typeof uploadReadyVideo>>;
  timeline: Timeline;
};

/**
 * A new desktop rider on the e2e tracker with the climb uploaded, processed and given its GPX
 * (20 s longer than the clip), and the video's timeline as the server serves it.
 */
export async function riderWithClimb(page: Page, titlePrefix: string): Promise<ClimbVideo> {
  await useTrackerUrl(page, E2E_TRACKER_URL);
  const session = await signInDesktopRider(page, undefined, newRider());
  const { title } = uniqueTitle(titlePrefix);
  const clip = await makeRideClip(CLIMB.clipSeconds);
  const video = await uploadReadyVideo(page, session, title, clip);
  const gpx = constantClimbGpx({
    seconds: CLIMB.clipSeconds + 20,
    speedMps: CLIMB.filmedMps,
    gradePercent: CLIMB.gradePercent,
  });
  await uploadGpx(page, session, video, gpx);
  return { session, video, timeline: await readTimeline(page, session, video.id) };
}
