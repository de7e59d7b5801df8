/**
 * The demo idle rule (documents 000 and 001, 'Desktop and demo mode', 'Demo idle mode'): with
 * the member's idle timeout set and no video playing, idleness turns demo mode on; a visible
 * tracker or uploader window resets the idle timer instead; any input leaves demo mode. Pure:
 * every event carries its time, the caller owns the clock and the timer.
 */

/** User input is taken at most once per this many ms (section 5: throttle 100 ms). */
export const INPUT_THROTTLE_MS = 100;

export interface IdleState {
  /** enter_demo_mode_at in ms; null: demo mode is turned off. */
  readonly timeoutMs: number | null;
  readonly videoPlaying: boolean;
  readonly demoMode: boolean;
  /** When the idle time being measured began (the last input, reset or change). */
  readonly idleSince: number;
  /** When the last input was taken (the throttle's reference); null before any. */
  readonly lastInputAt: number | null;
}

export type IdleEvent =
  /** The member's setting, in seconds (null: Turned Off), as 'demo-idle-settings' carries it. */
  | { kind: 'settings'; enterDemoModeAt: number | null; at: number }
  /** A ride's video started or stopped playing. */
  | { kind: 'video'; playing: boolean; at: number }
  /** Input in any window of the app (mouse, keys, wheel, touch). */
  | { kind: 'input'; at: number }
  /** The timer the caller set for nextCheckAt fired; is a tool window on screen now? */
  | { kind: 'tick'; at: number; toolWindowVisible: boolean };

export type IdleChange = 'enter' | 'leave' | null;

export interface IdleStep {
  state: IdleState;
  /** Demo mode turned on (enter) or off (leave) by this event. */
  change: IdleChange;
}

export function initialIdleState(at: number): IdleState {
  return {
    timeoutMs: null,
    videoPlaying: false,
    demoMode: false,
    idleSince: at,
    lastInputAt: null,
  };
}

/** Seconds of enter_demo_mode_at to the timer's ms (section 5: seconds converted to ms). */
export const timeoutMsOf = (seconds: number | null): number | null =>
  seconds === null || !Number.isFinite(seconds) || seconds <= 0 ? null : seconds * 1000;

const same = (state: IdleState): IdleStep => ({ state, change: null });

export function stepIdle(state: IdleState, event: IdleEvent): IdleStep {
  switch (event.kind) {
    case 'settings': {
      const timeoutMs = timeoutMsOf(event.enterDemoModeAt);
      // The page sends its member's setting on every load: the same value changes nothing.
      if (timeoutMs === state.timeoutMs) return same(state);
      // Turned off (or signed out) while the attract screen shows: back to the app.
      const leave = timeoutMs === null && state.demoMode;
      return {
        state: {
          ...state,
          timeoutMs,
          idleSince: event.at,
          demoMode: leave ? false : state.demoMode,
        },
        change: leave ? 'leave' : null,
      };
    }
    case 'video':
      if (event.playing === state.videoPlaying) return same(state);
      // Idle time is counted from when the video stopped, not from before it played.
      return same({ ...state, videoPlaying: event.playing, idleSince: event.at });
    case 'input': {
      if (state.lastInputAt !== null && event.at - state.lastInputAt < INPUT_THROTTLE_MS) {
        return same(state);
      }
      const next = { ...state, idleSince: event.at, lastInputAt: event.at, demoMode: false };
      return { state: next, change: state.demoMode ? 'leave' : null };
    }
    case 'tick': {
      const due = nextCheckAt(state);
      if (due === null || event.at < due) return same(state);
      if (event.toolWindowVisible) return same({ ...state, idleSince: event.at });
      return { state: { ...state, demoMode: true }, change: 'enter' };
    }
  }
}

/**
 * When idleness would turn demo mode on (the caller sets its timer for then); null while it
 * cannot: turned off, a video playing, or demo mode already on.
 */
export function nextCheckAt(state: IdleState): number | null {
  if (state.timeoutMs === null || state.videoPlaying || state.demoMode) return null;
  return state.idleSince + state.timeoutMs;
}
