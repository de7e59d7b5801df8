/** Business constants of the specification (documents 000 and 001, section 9). */

/** Desktop app versions that may use this service (document 000, section 5). */
export const SUPPORTED_DESKTOP_VERSIONS = [
  '8.2.1',
  '2.3.5',
  '2.3.6',
  '2.3.7',
  '2.3.8',
  '2.3.9',
  '2.4.0',
] as const;

/**
 * This repository's desktop app (apps/desktop/package.json; a test keeps them equal). The server
 * supports it besides the documents' list and whatever its releases folder publishes.
 */
export const DESKTOP_APP_VERSION = '2.5.0';
export const PASSWORD_MIN_LENGTH = 6;
export const DISPLAY_NAME_MIN_LENGTH = 3;
export const SUBMIT_REENABLE_MS = 400;
/** Edit forms (video, channel) close this long after a save (document 001 section 9). */
export const EDIT_CLOSE_MS = 500;
export const PURCHASE_REDIRECT_MS = 8000;
export const CANCELLATION_REDIRECT_MS = 8000;
export const FITNESS_NETWORK_REDIRECT_MS = 5000;
export const HOME_BODY_TOP_PADDING_PX = 54;
/** The session token's header, on requests and on the sign-in answer (document 000 section 3). */
export const AUTH_TOKEN_HEADER = 'x-auth-token';
/** slope_source_id: 0 none, 1 camera GPS, 2 a GPX file (both mean gradient data present). */
export const SLOPE_SOURCE = { none: 0, cameraGps: 1, gpx: 2 } as const;
export const hasGradient = (slopeSourceId: number) => slopeSourceId === 1 || slopeSourceId === 2;
/** Videos per page of GET /races (the /videos page and the home page's workouts carousel). */
export const VIDEOS_PAGE_SIZE = 12;
/** Tracker client reconnection: 1 s growing to 5 s, at most 5 attempts (document 001). */
export const TRACKER_RECONNECT = { delayMs: 1000, delayMaxMs: 5000, attempts: 5 } as const;
export const WEB_PLAYBACK_CAP_SECONDS = 600;
export const DEMO_VIDEO_URL = 'demo-video';
export const TERMS_MINIMUM_AGE = 18;
export const LEGAL_DOCUMENTS_DATE = 'November 10, 2019';

/** Lifetimes of the single-use codes sent by mail. */
export const PASSWORD_RESET_CODE_TTL_MS = 60 * 60 * 1000;
export const EMAIL_VERIFICATION_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Prices in USD per month (document 000, section 9). */
export const PRICES_USD = {
  free: 0,
  core: { monthly: 6, yearlyPerMonth: 5 },
  pro: { monthly: 12, yearlyPerMonth: 10 },
} as const;

/** Idle time before demo mode, in seconds; null means turned off (document 000, section 5). */
export const DEMO_MODE_OPTIONS: ReadonlyArray<{ label: string; seconds: number | null }> = [
  { label: 'Turned Off', seconds: null },
  { label: '10 seconds', seconds: 10 },
  { label: '30 seconds', seconds: 30 },
  { label: '1 minute', seconds: 60 },
  { label: '5 minutes', seconds: 300 },
  { label: '15 minutes', seconds: 900 },
  { label: '30 minutes', seconds: 1800 },
  { label: '60 minutes', seconds: 3600 },
];

export const ACCOUNT_LEVELS = [
  'free',
  'trial',
  'core',
  'pro',
  'payment_failed',
  'cancelled',
  'cancelled_period_not_over',
] as const;
export type AccountLevel = (typeof ACCOUNT_LEVELS)[number];
