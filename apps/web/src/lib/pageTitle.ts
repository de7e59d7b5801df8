import { useEffect } from 'react';

/** The site's name after each page's own, as tabs, history and bookmarks show it. */
export const SITE_NAME = 'RideAlong';

/** A page's document title: 'Workouts | RideAlong'; a blank name leaves the site's name alone. */
export function documentTitle(name: string): string {
  const trimmed = name.trim();
  return trimmed === '' ? SITE_NAME : `${trimmed} | ${SITE_NAME}`;
}

/**
 * For the pages that name themselves from their data (a video, a channel): sets the title while
 * shown. No restore on leaving: the router names the next page (routeTitles.ts) before it shows.
 * `null` leaves the title to the route.
 */
export function usePageTitle(name: string | null): void {
  useEffect(() => {
    if (name !== null) document.title = documentTitle(name);
  }, [name]);
}
