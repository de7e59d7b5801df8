/**
 * The video page's playback state (document 001 section 4, "Video playback"): flags playing,
 * paused and recording, mode play (Preview), race (recording) or none. The race itself goes
 * idle -> countdown -> recording <-> paused -> stopping -> idle (mode play again).
 */
export type RidePhase = 'idle' | 'countdown' | 'recording' | 'paused' | 'stopping';
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
};

export type RideEvent =
  | { type: 'preview' }
  | { type: 'start' }
  | { type: 'countdown-done' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'ended' }
  | { type: 'stop'; discard: boolean }
  | { type: 'stopped' }
  | { type: 'stop-failed'; message: string };

export const initialRide: RideMachine = {
  phase: 'idle',
  mode: 'none',
  playing: false,
  paused: false,
  recording: false,
  ended: false,
  discarding: false,
  error: null,
};

// Recording sets playing and recording; paused clears both (section 4).
const recording = { playing: true, recording: true, paused: false } as const;
const paused = { playing: false, recording: false, paused: true } as const;

/** The next state; an event that does not apply in the current phase changes nothing. */
export function rideReducer(state: RideMachine, event: RideEvent): RideMachine {
  switch (event.type) {
    case 'preview':
      return state.phase === 'idle' ? { ...state, mode: 'play' } : state;
    case 'start':
      // Start rewinds to 0 and counts down before anything is recorded.
      return state.phase === 'idle' ? { ...initialRide, phase: 'countdown', mode: 'race' } : state;
    case 'countdown-done':
      return state.phase === 'countdown' ? { ...state, phase: 'recording', ...recording } : state;
    case 'pause':
      return state.phase === 'recording' ? { ...state, phase: 'paused', ...paused } : state;
    case 'resume':
      return state.phase === 'paused' && !state.ended
        ? { ...state, phase: 'recording', ...recording, error: null }
        : state;
    case 'ended':
      return state.phase === 'recording' || state.phase === 'paused'
        ? { ...state, phase: 'paused', ...paused, ended: true }
        : state;
    case 'stop':
      return state.phase === 'paused'
        ? { ...state, phase: 'stopping', discarding: event.discard, error: null }
        : state;
    case 'stopped':
      // Stopping resets the ride and returns the mode to play.
      return state.phase === 'stopping' ? { ...initialRide, mode: 'play' } : state;
    case 'stop-failed':
      return state.phase === 'stopping'
        ? { ...state, phase: 'paused', discarding: false, error: event.message }
        : state;
  }
}

/** The ride holds recordings that leaving the page would lose. */
export function hasUnsavedRide(state: RideMachine): boolean {
  return state.phase === 'recording' || state.phase === 'paused' || state.phase === 'stopping';
}

/** Which stop actions the paused controls offer (document 001 section 2, race mode). */
export function stopActions(accumulatedPower: number, elapsedSeconds: number) {
  return {
    save: accumulatedPower > 0,
    discard: accumulatedPower > 0,
    noInputDiscard: !(accumulatedPower > 0) && elapsedSeconds > 0,
  };
}
