// @vitest-environment jsdom
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { documentTitle } from '../lib/pageTitle';
import { followRouteTitles, ROUTE_TITLES, routeTitle } from './routeTitles';
import { routes } from './router';

const paths = (list: RouteObject[]): string[] =>
  list.flatMap((r) => [...(r.path ? [r.path] : r.index ? ['/'] : []), ...paths(r.children ?? [])]);

describe('route titles', () => {
  afterEach(() => {
    document.title = 'RideAlong';
  });

  it('names every route of the router, and names no route the router lacks', () => {
    const declared = paths(routes);
    expect(declared.length).toBeGreaterThanOrEqual(43);
    expect([...declared].sort()).toEqual(Object.keys(ROUTE_TITLES).sort());
  });

  it("puts the page's name before the site's", () => {
    expect(documentTitle('Workouts')).toBe('Workouts | RideAlong');
    expect(documentTitle('  ')).toBe('RideAlong');
    expect(routeTitle('/')).toBe('Home | RideAlong');
    expect(routeTitle('/videos')).toBe('Workouts | RideAlong');
    expect(routeTitle('/explore-channels')).toBe('Channels | RideAlong');
    expect(routeTitle('/my-channel')).toBe('My channel | RideAlong');
  });

  it('matches parameters, prefers a literal path and falls back to not found', () => {
    expect(routeTitle('/change-password/abc123')).toBe('Choose a new password | RideAlong');
    expect(routeTitle('/portal-redirect/strava')).toBe('Connecting Strava | RideAlong');
    expect(routeTitle('/portal-redirect/other')).toBe('Membership | RideAlong');
    expect(routeTitle('/videos/')).toBe('Workouts | RideAlong');
    expect(routeTitle('/no-such-page')).toBe('Page not found | RideAlong');
  });

  it('names the pages with data until they name themselves; /events keeps its metadata', () => {
    expect(routeTitle('/video/abc')).toBe('Video | RideAlong');
    expect(routeTitle('/channel/4')).toBe('Channel | RideAlong');
    expect(routeTitle('/challenge/9')).toBe('Challenge | RideAlong');
    expect(routeTitle('/events')).toBe('Videos to Ride | RideAlong');
    expect(routeTitle('/activities')).toBe('My Activities | RideAlong');
  });

  it('names the page on arrival, once per path, so a page that named itself keeps it', () => {
    let listener: (state: { location: { pathname: string } }) => void = () => undefined;
    const router = {
      state: { location: { pathname: '/login' } },
      subscribe: (l: typeof listener) => {
        listener = l;
        return () => undefined;
      },
    };
    followRouteTitles(router);
    expect(document.title).toBe('Log in | RideAlong');
    listener({ location: { pathname: '/pricing' } });
    expect(document.title).toBe('Pricing | RideAlong');
    // The page set its own title; a state change on the same path (a search) keeps it.
    document.title = 'Own | RideAlong';
    listener({ location: { pathname: '/pricing' } });
    expect(document.title).toBe('Own | RideAlong');
    listener({ location: { pathname: '/video/abc' } });
    expect(document.title).toBe('Video | RideAlong');
  });
});
