import { matchPath } from 'react-router';
import { STRAVA_WEB_CALLBACK_PATH } from '@ridealong/contracts';
import { documentTitle } from '../lib/pageTitle';
import { DEMO_PATH } from './shell/demoModeNavigation';

/** What the data router tells its listeners (only the location is read). */
type RouterLike = {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
};

const NOT_FOUND = 'Page not found';

/**
 * Each route's name in the document title, keyed by the route's path as router.tsx declares it.
 * Names follow the page's own heading, shortened to what fits a tab; /events keeps the
 * documents' metadata title. A page with data names itself once it has it (the video's title,
 * the channel's, the challenge's: usePageTitle, usePageMeta); until then it goes by its route's.
 */
export const ROUTE_TITLES: Record<string, string> = {
  '/connect-device': 'Connect Device',
  '/': 'Home',
  '/featured': 'Featured',
  '/login': 'Log in',
  '/login-email': 'Log in with email',
  '/sign-up': 'Sign up',
  '/signup': 'Sign up',
  '/login-success': 'Logged in',
  '/desktop-signin': 'Sign in to the app',
  '/user-registered': 'Check your email',
  '/email-verified': 'Email verification',
  '/password-recovery': 'Reset your password',
  '/change-password/:code': 'Choose a new password',
  '/agreement': 'Terms agreement',
  '/terms': 'Terms of Service',
  '/privacy-policy': 'Privacy Policy',
  '/about': 'About',
  '/setup': 'Get set up',
  '/setup-windows': 'Set up on Windows',
  '/usacycling': 'USA Cycling',
  '/sandbox': 'Sandbox',
  '/upgrade': 'Update the app',
  '/video-upgrade': 'Upgrade to ride',
  '/profile': 'Profile',
  '/videos': 'Workouts',
  '/video/:id': 'Video',
  '/new-video': 'Upload a video',
  '/desktop-uploader': 'Upload Videos',
  '/my-channel': 'My channel',
  '/channel/:id': 'Channel',
  '/explore-channels': 'Channels',
  '/activities': 'My Activities',
  '/activities/:id': 'Activity',
  '/events': 'Videos to Ride',
  '/challenges': 'Challenges',
  '/challenge/:id': 'Challenge',
  '/pricing': 'Pricing',
  '/payment-sucess': 'Payment received',
  '/cancellation-success': 'Membership cancelled',
  '/portal-redirect': 'Membership',
  [STRAVA_WEB_CALLBACK_PATH]: 'Connecting Strava',
  '/checkout-redirect': 'Checkout',
  '/admin': 'Admin',
  [DEMO_PATH]: 'Ride along',
  '/portal-redirect/*': 'Membership',
  '*': NOT_FOUND,
};

/**
 * The document title for a location: its route's name, the first declared route that matches
 * (as the router ranks a literal path above a parameter or '*').
 */
export function routeTitle(pathname: string): string {
  const patterns = Object.keys(ROUTE_TITLES).filter((p) => p !== '*');
  const ranked = [
    ...patterns.filter((p) => !p.includes(':') && !p.includes('*')),
    ...patterns.filter((p) => p.includes(':') || p.includes('*')),
  ];
  const found = ranked.find((pattern) => matchPath(pattern, pathname) !== null) ?? '*';
  return documentTitle(ROUTE_TITLES[found] ?? NOT_FOUND);
}

/**
 * Names each page in the tab as the router arrives on it: before the page renders, so a page
 * that names itself (usePageTitle, usePageMeta) has the last word.
 */
export function followRouteTitles(router: RouterLike): () => void {
  let shown: string | null = null;
  const apply = (pathname: string) => {
    if (pathname === shown) return;
    shown = pathname;
    document.title = routeTitle(pathname);
  };
  apply(router.state.location.pathname);
  return router.subscribe((state) => apply(state.location.pathname));
}
