/**
 * The video page's playback state (document 001 section 4, "Video playback"): flags playing,
 * paused and recording, mode play (Preview), race (recording) or none. The race itself goes
 * idle -> countdown -> recording <-> paused -> stopping -> idle (mode play again).
 *
 * A short outage is a pause, not an end (issue 11): while the server or the network is away a
 * recording ride waits (video and recording held at the same second), and once both are back it
 * resumes after a short countdown. A rider's own pause stays a pause whatever the connection.
 */
export type RidePhase =
  'idle' | 'countdown' | 'recording' | 'paused' | 'waiting' | 'resuming' | 'stopping';
export type RideMode = 'play' | 'race' | 'none';

export type RideMachine = {
  phase: RidePhase;
  mode: RideMode;
  playing: boolean;
  paused: boolean;
  recording: boolean;
  /** The video reached its end (or the playback cap): the ride can only be saved or discarded. */
  ended: boolean;
  /** While stopping: whether the track is being discarded. */
  discarding: boolean;
  /** Why the last save or discard failed, for the rider. */
  error: string | null;
  /** The server or the network is away (tracked in every phase, acted on while riding). */
  away: boolean;
};

export type RideEvent =
  | { type: 'preview' }
  | { type: 'start' }
  | { type: 'countdown-done' }
  /** A group ride canceled during its countdown: nothing was recorded. */
  | { type: 'abort' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'ended' }
  | { type: 'stop'; discard: boolean }
  | { type: 'stopped' }
  | { type: 'stop-failed'; message: string }
  | { type: 'connection-lost' }
  | { type: 'connection-back' }
  | { type: 'resume-countdown-done' };

export const initialRide: RideMachine = {
  phase: 'idle',
  mode: 'none',
  playing: false,
  paused: false,
  recording: false,
  ended: false,
  discarding: false,
  error: null,
  away: false,
};

// Recording sets playing and recording; paused clears both (section 4).
const recording = { playing: true, recording: true, paused: false } as const;
const paused = { playing: false, recording: false, paused: true } as const;
/** Where a ride goes when it would record: recording, or waiting while the connection is away. */
const riding = (state: RideMachine): RideMachine =>
  state.away
    ? { ...state, phase: 'waiting', ...paused }
    : { ...state, phase: 'recording', ...recording };

/** The next state; an event that does not apply in the current phase changes nothing. */
export function rideReducer(state: RideMachine, event: RideEvent): RideMachine {
  switch (event.type) {
    case 'preview':
      return state.phase === 'idle' ? { ...state, mode: 'play' } : state;
    case 'start':
      // Start rewinds to 0 and counts down before anything is recorded.
      return state.phase === 'idle'
        ? { ...initialRide, phase: 'countdown', mode: 'race', away: state.away }
        : state;
    case 'countdown-done':
      return state.phase === 'countdown' ? riding(state) : state;
    case 'abort':
      return state.phase === 'countdown'
        ? { ...initialRide, mode: 'play', away: state.away }
        : state;
    case 'pause':
      // The page's own pause while waiting or resuming is not the rider's.
      return state.phase === 'recording' ? { ...state, phase: 'paused', ...paused } : state;
    case 'resume':
      return state.phase === 'paused' && !state.ended ? riding({ ...state, error: null }) : state;
    case 'ended':
      return state.phase === 'recording' ||
        state.phase === 'paused' ||
        state.phase === 'waiting' ||
        state.phase === 'resuming'
        ? { ...state, phase: 'paused', ...paused, ended: true }
        : state;
    case 'stop':
      // From waiting: the rider chose to save or discard during a long outage.
      return state.phase === 'paused' || state.phase === 'waiting'
        ? { ...state, phase: 'stopping', ...paused, discarding: event.discard, error: null }
        : state;
    case 'stopped':
      // Stopping resets the ride and returns the mode to play.
      return state.phase === 'stopping'
        ? { ...initialRide, mode: 'play', away: state.away }
        : state;
    case 'stop-failed':
      return state.phase === 'stopping'
        ? { ...state, phase: 'paused', discarding: false, error: event.message }
        : state;
    case 'connection-lost':
      if (state.phase === 'recording' || state.phase === 'resuming')
        return { ...state, phase: 'waiting', ...paused, away: true };
      return { ...state, away: true };
    case 'connection-back':
      if (state.phase === 'waiting') return { ...state, phase: 'resuming', away: false };
      return { ...state, away: false };
    case 'resume-countdown-done':
      return state.phase === 'resuming' ? riding(state) : state;
  }
}

/** The ride holds recordings that leaving the page would lose. */
export function hasUnsavedRide(state: RideMachine): boolean {
  return state.phase !== 'idle' && state.phase !== 'countdown';
}

/** The ride is held by the page for an outage (its video paused by the page, not the rider). */
export function heldForOutage(state: RideMachine): boolean {
  return state.phase === 'waiting' || state.phase === 'resuming';
}

/** Which stop actions the paused controls offer (document 001 section 2, race mode). */
export function stopActions(accumulatedPower: number, elapsedSeconds: number) {
  return {
    save: accumulatedPower > 0,
    discard: accumulatedPower > 0,
    noInputDiscard: !(accumulatedPower > 0) && elapsedSeconds > 0,
  };
}
