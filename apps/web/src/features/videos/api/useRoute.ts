import { useQuery } from '@tanstack/react-query';
import { routeQuery } from './queries';

/** GET /api/v1/race/{url}/route: the route's facts and elevation profile (null without slope data). */
export function useRoute(url: string, enabled: boolean) {
  return useQuery({ ...routeQuery(url), enabled });
}
