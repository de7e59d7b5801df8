import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useGeneralStore } from '../stores/general';
import { videoPath } from './videoPath';

/**
 * A 'Ride' that goes to a video to ride it at once: the general store's start signal (document
 * 001 'Video page': the start-state flag) and the video page, which starts the solo ride in
 * theatre view once the trainer is live and clears the signal. It lives in memory only, so a
 * later visit or a reload never starts a ride by itself.
 */
export function useRideNow(): (raceUrl: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (raceUrl: string) => {
      useGeneralStore.getState().setStartSignal(true);
      void navigate(videoPath(raceUrl));
    },
    [navigate],
  );
}
