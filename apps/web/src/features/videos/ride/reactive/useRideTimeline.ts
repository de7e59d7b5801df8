import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RouteTimeline } from '@ridealong/trainer';
import { timelineQuery } from '../../api/queries';

/**
 * The video's route by second for a reactive ride: null while loading, without slope data, when
 * refused (a plan that does not play the whole video) or when too short to ride by distance.
 */
export function useRideTimeline(raceId: number, enabled: boolean): RouteTimeline | null {
  const { data } = useQuery({ ...timelineQuery(raceId), enabled: enabled && raceId > 0 });
  return useMemo(() => {
    if (!data) return null;
    try {
      const timeline = new RouteTimeline(data);
      return timeline.totalDistance > 0 ? timeline : null;
    } catch {
      return null; // fewer than 2 seconds or no distance: nothing to ride by
    }
  }, [data]);
}
