import type { RouteSummary } from '@ridealong/contracts';

/** Tests only: 1 km in 100 s, flat for 500 m at 100 m, then 500 m at 4 %. */
export const kilometreRoute: RouteSummary = {
  distance_m: 1000,
  climb_m: 20,
  max_grade_percent: 4,
  min_elevation_m: 100,
  max_elevation_m: 120,
  profile: [
    [0, 100],
    [500, 100],
    [1000, 120],
  ],
  profile_t: [0, 50, 100],
};
