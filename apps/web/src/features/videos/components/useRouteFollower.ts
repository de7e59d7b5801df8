import { useEffect, useRef, useState, type RefObject } from 'react';
import type { RouteSummary, UnitSystem } from '@ridealong/contracts';
import { profileScale } from '../../../components/ElevationProfile';
import { gradesAt, LOOK_AHEAD_M, placeAt, slopeText } from '../lib/routePosition';

/** How often the page's ref is looked at: the player mounts once playback is in. */
const FIND_VIDEO_MS = 500;
/** The video's events after which the rider has moved (timeupdate: a few times a second). */
const EVENTS = ['timeupdate', 'seeking', 'seeked', 'loadedmetadata', 'emptied'] as const;

export type RouteFollower = {
  /** The marker's line over the chart (placed by `left`, in percent of the chart's width). */
  lineRef: RefObject<HTMLDivElement | null>;
  /** Its dot on the profile (placed by `top`, in percent of the chart's height). */
  dotRef: RefObject<HTMLDivElement | null>;
  /** 'Now 4.2 % · next 200 m 7.5 %', or '' when the rider cannot be placed. */
  slope: string;
};

/**
 * Follows the page's video along the route: the marker is moved on the element itself and the
 * slope text is state that changes only when its words do, so playing re-renders nothing
 * else. The ref names no element until the player mounts, so it is looked at now and again.
 */
export function useRouteFollower(
  videoRef: RefObject<HTMLVideoElement | null>,
  route: RouteSummary,
  units: UnitSystem,
): RouteFollower {
  const lineRef = useRef<HTMLDivElement>(null);
  const dotRef = useRef<HTMLDivElement>(null);
  const [slope, setSlope] = useState('');
  const [video, setVideo] = useState<HTMLVideoElement | null>(videoRef.current);

  useEffect(() => {
    // Setting the same element again renders nothing.
    const look = () => setVideo(videoRef.current);
    look();
    const timer = window.setInterval(look, FIND_VIDEO_MS);
    return () => window.clearInterval(timer);
  }, [videoRef]);

  useEffect(() => {
    const scale = profileScale(route.profile);
    const update = () => {
      const line = lineRef.current;
      const dot = dotRef.current;
      const place = placeAt(route, video?.currentTime ?? 0);
      if (line) line.style.display = place ? 'block' : 'none';
      if (!place) {
        setSlope('');
        return;
      }
      if (line) {
        line.style.left = `${(scale.x(place.distance) * 100).toFixed(2)}%`;
        line.dataset.distanceM = place.distance.toFixed(1);
      }
      if (dot) dot.style.top = `${(scale.y(place.elevation) * 100).toFixed(2)}%`;
      setSlope(slopeText(gradesAt(route, place.distance, LOOK_AHEAD_M[units]), units));
    };
    update();
    if (!video) return;
    for (const e of EVENTS) video.addEventListener(e, update);
    return () => {
      for (const e of EVENTS) video.removeEventListener(e, update);
    };
  }, [video, route, units]);

  return { lineRef, dotRef, slope };
}
