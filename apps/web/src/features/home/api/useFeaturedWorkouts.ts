import { useQuery } from '@tanstack/react-query';
import { featuredWorkoutsQuery } from './queries';

/** GET /api/v1/races, first page: the workouts carousel shows the newest searchable videos. */
export function useFeaturedWorkouts() {
  return useQuery(featuredWorkoutsQuery());
}
