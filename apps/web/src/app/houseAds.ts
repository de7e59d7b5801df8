import { lazy } from 'react';

/**
 * The admin page's house ads section, a feature of its own (features/ads/admin), composed here
 * because features never import each other. Loads only when /admin renders it.
 */
export const HouseAdsSection = lazy(() =>
  import('../features/ads/admin').then((m) => ({ default: m.HouseAdsSection })),
);
