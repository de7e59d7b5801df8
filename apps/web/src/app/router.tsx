import { createBrowserRouter, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { STRAVA_WEB_CALLBACK_PATH } from '@ridealong/contracts';
// The slot is tiny and every ad page's first load needs it: with the entry, no extra request.
import { AdSlot } from '../features/ads';
import { loadConfirmModals } from './confirmModals';
import { AppLayout, PageLoader } from './shell/AppLayout';
import { DEMO_PATH } from './shell/demoModeNavigation';
import { RouteError } from './RouteError';
import { HouseAdsSection } from './houseAds';
import { followRouteTitles } from './routeTitles';
import { VideoSound } from './videoSound';
import { videoTabPanels } from './videoTabPanels';

/**
 * Each page is its own chunk; routes compose features, features never import each other. A
 * page may open confirm dialogs, so their provider loads alongside it (confirmModals.tsx).
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): RouteObject['lazy'] {
  return async () => {
    const [m] = await Promise.all([load(), loadConfirmModals()]);
    return { Component: pick(m) };
  };
}

/** The home feature's pages open no confirm dialog: a guest's first load goes without them. */
function homePage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

const home = () => import('../features/home');
const auth = () => import('../features/auth');
const terms = () => import('../features/terms');
const help = () => import('../features/help');
const upgrade = () => import('../features/upgrade');
const upcoming = () => import('../features/upcoming');
const profile = () => import('../features/profile');
const videos = () => import('../features/videos');
const upload = () => import('../features/upload');
const channels = () => import('../features/channels');
const activities = () => import('../features/activities');
const admin = () => import('../features/admin');
const notFound = () => import('../features/not-found');
const pricing = () => import('../features/pricing');
const membership = () => import('../features/membership');
const events = () => import('../features/events');
const challenges = () => import('../features/challenges');
const demo = () => import('../features/demo');

/** Pages of later issues: registered now so every route of the spec resolves. */
const upcomingRoutes: Array<[string, string]> = [
  // Other suffixes of /portal-redirect than Strava's (STRAVA_WEB_CALLBACK_PATH, above).
  ['/portal-redirect/*', 'Membership'],
];

export const routes: RouteObject[] = [
  // The desktop app's tracker window: Connect Device alone, without the site's shell.
  {
    path: '/connect-device',
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    lazy: homePage(
      () => import('../features/devices'),
      (m) => m.ConnectDevicePage,
    ),
  },
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      {
        index: true,
        lazy: homePage(home, (m) => () => <m.HomePage ad={<AdSlot slot="home" />} />),
      },
      {
        path: '/featured',
        lazy: homePage(home, (m) => () => <m.FeaturedPage ad={<AdSlot slot="featured" />} />),
      },
      { path: '/login', lazy: page(auth, (m) => m.LoginPage) },
      { path: '/login-email', lazy: page(auth, (m) => m.LoginEmailPage) },
      { path: '/sign-up', lazy: page(auth, (m) => m.SignUpPage) },
      { path: '/signup', lazy: page(auth, (m) => m.SignUpPage) },
      { path: '/login-success', lazy: page(auth, (m) => m.LoginSuccessPage) },
      { path: '/desktop-signin', lazy: page(auth, (m) => m.DesktopSigninPage) },
      { path: '/user-registered', lazy: page(auth, (m) => m.UserRegisteredPage) },
      { path: '/email-verified', lazy: page(auth, (m) => m.EmailVerifiedPage) },
      { path: '/password-recovery', lazy: page(auth, (m) => m.PasswordRecoveryPage) },
      { path: '/change-password/:code', lazy: page(auth, (m) => m.ChangePasswordPage) },
      { path: '/agreement', lazy: page(terms, (m) => m.TermsAgreementPage) },
      { path: '/terms', lazy: page(terms, (m) => m.TermsPage) },
      { path: '/privacy-policy', lazy: page(terms, (m) => m.PrivacyPolicyPage) },
      { path: '/about', lazy: page(help, (m) => m.AboutPage) },
      { path: '/setup', lazy: page(help, (m) => m.SetupPage) },
      { path: '/setup-windows', lazy: page(help, (m) => m.SetupWindowsPage) },
      { path: '/usacycling', lazy: page(help, (m) => m.UsaCyclingPage) },
      { path: '/sandbox', lazy: page(help, (m) => m.SandboxPage) },
      { path: '/upgrade', lazy: page(upgrade, (m) => m.UpgradePage) },
      { path: '/video-upgrade', lazy: page(upgrade, (m) => m.VideoUpgradePage) },
      { path: '/profile', lazy: page(profile, (m) => m.ProfilePage) },
      {
        path: '/videos',
        lazy: page(videos, (m) => () => <m.VideosPage ad={<AdSlot slot="videos" />} />),
      },
      {
        path: '/video/:id',
        lazy: page(videos, (m) => () => (
          <m.VideoPage panels={videoTabPanels} sound={VideoSound} ad={<AdSlot slot="video" />} />
        )),
      },
      { path: '/new-video', lazy: page(upload, (m) => m.NewVideoPage) },
      { path: '/desktop-uploader', lazy: page(upload, (m) => m.DesktopUploaderPage) },
      { path: '/my-channel', lazy: page(channels, (m) => m.MyChannelPage) },
      { path: '/channel/:id', lazy: page(channels, (m) => m.ChannelPage) },
      { path: '/explore-channels', lazy: page(channels, (m) => m.ExploreChannelsPage) },
      {
        path: '/activities',
        lazy: page(activities, (m) => () => <m.ActivitiesPage ad={<AdSlot slot="activities" />} />),
      },
      { path: '/activities/:id', lazy: page(activities, (m) => m.ActivityPage) },
      { path: '/events', lazy: page(events, (m) => m.EventsPage) },
      { path: '/challenges', lazy: page(challenges, (m) => m.ChallengesPage) },
      { path: '/challenge/:id', lazy: page(challenges, (m) => m.ChallengePage) },
      { path: '/pricing', lazy: page(pricing, (m) => m.PricingPage) },
      { path: '/payment-sucess', lazy: page(membership, (m) => m.PaymentSuccessPage) },
      { path: '/cancellation-success', lazy: page(membership, (m) => m.CancellationSuccessPage) },
      // The billing portal's return, and Strava's (the fitness-network variant, issue 15).
      { path: '/portal-redirect', lazy: page(membership, (m) => m.PortalRedirectPage) },
      { path: STRAVA_WEB_CALLBACK_PATH, lazy: page(profile, (m) => m.StravaRedirectPage) },
      { path: '/checkout-redirect', lazy: page(membership, (m) => m.CheckoutRedirectPage) },
      {
        path: '/admin',
        lazy: page(admin, (m) => () => <m.AdminPage houseAds={HouseAdsSection} />),
      },
      // The desktop app's attract screen: no confirm dialogs, so no provider to load.
      { path: DEMO_PATH, lazy: homePage(demo, (m) => m.DemoPage) },
      ...upcomingRoutes.map(([path, title]) => ({
        path,
        lazy: page(upcoming, (m) => () => <m.UpcomingPage title={title} />),
      })),
      { path: '*', lazy: page(notFound, (m) => m.NotFoundPage) },
    ],
  },
];

export const router = createBrowserRouter(routes);
followRouteTitles(router);
