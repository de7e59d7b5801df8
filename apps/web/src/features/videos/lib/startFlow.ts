/**
 * What the video page's Start (and a start signal) does, as pure rules; PlayerStage is the glue.
 * Start rides alone: hosting a group ride is 'Ride with friends' (docs/decisions.md).
 */

/** How long Start waits for a trainer that is still coming (a reconnect after a reload). */
export const TRAINER_WAIT_MS = 5000;

export type StartInput = {
  signedIn: boolean;
  electronMode: boolean;
  /** A trainer or sensor is live (stores/tracker hasLiveDevice). */
  live: boolean;
  /** One may still arrive by itself (stores/tracker trainerSettling). */
  settling: boolean;
};

export type StartAction =
  /** Guests sign in first. */
  | 'sign-in'
  /** The 10 s countdown of a solo ride. */
  | 'ride'
  /** The tracker connection is under way: wait for it (at most TRAINER_WAIT_MS). */
  | 'wait'
  /** Desktop mode without a trainer: Connect Device. */
  | 'connect'
  /** A plain browser without a trainer: the ways to ride (the app, Bluetooth), at once. */
  | 'offer';

export function startAction(input: StartInput): StartAction {
  if (!input.signedIn) return 'sign-in';
  if (input.live) return 'ride';
  if (input.settling) return 'wait';
  return input.electronMode ? 'connect' : 'offer';
}

export type StartSignalInput = StartInput & {
  /** The general store's startSignal: the page was entered to ride at once. */
  signal: boolean;
  /** The page is in group mode or was entered to join an event: that decides instead. */
  grouped: boolean;
  /** No ride is under way. */
  rideIdle: boolean;
  /** Connect Device is open (the drawer, or the app's tracker window): the ride waits for it. */
  panelOpen: boolean;
  /** Connect Device was already opened for this signal (closed again without a trainer: drop). */
  asked: boolean;
};

export type StartSignalStep =
  | 'none'
  /** Clear the signal without riding. */
  | 'drop'
  /** Clear the signal and ride (theatre view). */
  | 'ride'
  /** Keep the signal: the trainer may still come (reconnecting, or the rider connecting). */
  | 'wait'
  /** Open Connect Device once, keeping the signal. */
  | 'connect'
  /** A plain browser without a trainer: clear it and show the ways to ride. */
  | 'offer';

/**
 * The start signal's next step on the video page (document 001 'Video page': entered with a
 * start-state flag, it goes straight into race mode in theatre view).
 */
export function startSignalStep(input: StartSignalInput): StartSignalStep {
  if (!input.signal) return 'none';
  if (input.grouped || !input.rideIdle || !input.signedIn) return 'drop';
  if (input.live) return input.panelOpen ? 'wait' : 'ride';
  if (!input.electronMode) return 'offer';
  if (input.settling || input.panelOpen) return 'wait';
  // Connect Device was closed without a live trainer: a ride starting later, when a trainer
  // turns up some other way, would be one the rider no longer asked for.
  return input.asked ? 'drop' : 'connect';
}
