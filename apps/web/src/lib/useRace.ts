import { useQuery } from '@tanstack/react-query';
import { raceQuery } from './queries/races';

/** GET /api/v1/race/{url}: the video, or null when there is none (shown as processing). */
export function useRace(url: string, enabled = true) {
  return useQuery({ ...raceQuery(url), enabled });
}
