/**
 * Strava (the spec's "fitness network"; document 000: the profile's connect button,
 * /portal-redirect's fitness-network variant, POST /auth/strava; document 001: the upload
 * action on activities, its confirmation and messages, auto-save). Zod-free, so pages that
 * only show these strings load no schema code. Design: docs/strava.md.
 */

export const STRAVA = {
  /** The scopes the authorisation asks for (document 000). */
  scopes: 'read_all,activity:write',
  /** /portal-redirect's Strava variant goes to /profile this long after the update. */
  redirectDelayMs: 5000,
  /** Auto-save uploads workouts longer than this (document 001 section 9: over 1 minute). */
  autoSaveMinSeconds: 60,
  /** An access token is refreshed when it expires within this many seconds. */
  refreshMarginSeconds: 3600,
  /** Strava processes an upload asynchronously: its status is asked this often... */
  pollIntervalMs: 2000,
  /** ...this many times, then the job asks again later (it is retried, never lost). */
  pollAttempts: 30,
  /** An upload still waiting this long after it was queued (rate limits) fails. */
  giveUpHours: 48,
  /** Strava's default application limits, used until its X-RateLimit headers say otherwise. */
  shortLimit: 200,
  shortWindowSeconds: 15 * 60,
  dailyLimit: 2000,
} as const;

/** What a v1 client reads in strava_authorization_code to know the member is connected. */
export const STRAVA_CONNECTED = 'connected';

/** The path of /portal-redirect's Strava variant (web) and the desktop app's local callback. */
export const STRAVA_WEB_CALLBACK_PATH = '/portal-redirect/strava';

/** The exact strings of documents 000 and 001, and this product's own. */
export const STRAVA_MESSAGES = {
  confirmUpload: 'Are you sure you want to upload this track to Strava?',
  uploadedTitle: 'Uploaded!',
  uploadedText: 'Your track has been uploaded!',
  dismissedTitle: 'Dismissed!',
  dismissedText: 'Your track was not uploaded!',
  failedTitle: 'Something went wrong in your track upload',
  pleaseWait: 'Please wait while we update your account.',
  standIn:
    'This is a test stand-in for Strava built into this server: nothing here reaches the real Strava.',
  notConnected: 'Connect your Strava account first.',
  reconnect: 'Strava no longer accepts this connection. Please connect again.',
  badState: 'This Strava authorisation was not started here. Please connect again.',
  scopeMissing:
    'Strava was connected without permission to upload activities. Please connect again and allow uploads.',
  codeRefused: 'Strava did not accept this authorisation. Please connect again.',
  unavailable: 'Strava could not be reached. Please try again later.',
  desktopRedirect:
    'The desktop callback must be a loopback address such as http://127.0.0.1:{port}/callback.',
  athleteTaken:
    'This Strava account is already connected to another RideAlong member. Disconnect it there first.',
  gaveUp: 'Strava did not take this ride within 48 hours. Please try again.',
  desktopNoCallback:
    'This version of the desktop app cannot connect Strava itself yet: connect on the website (your profile there), and the app will see it.',
  notOwner: 'You can only upload your own rides.',
  notSaved: 'Only a saved ride can be uploaded.',
} as const;

/** The failure text under the title (document 001 section 8). */
export const stravaFailureReason = (reason: string): string => `Request failed: ${reason}`;

/** Where a ride stands with Strava. */
export const STRAVA_UPLOAD_STATES = ['none', 'queued', 'uploading', 'uploaded', 'failed'] as const;
export type StravaUploadState = (typeof STRAVA_UPLOAD_STATES)[number];
