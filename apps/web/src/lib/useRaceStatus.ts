import { useQuery } from '@tanstack/react-query';
import { raceStatusQuery } from './queries/races';

/**
 * GET /api/v1/race/{id}/status (owner only): polled every 3 s until the video is ready or has
 * failed. Shared by the upload page and the video page.
 */
export function useRaceStatus(raceId: string | number | null, enabled = true) {
  return useQuery({ ...raceStatusQuery(raceId), enabled: enabled && raceId !== null });
}
