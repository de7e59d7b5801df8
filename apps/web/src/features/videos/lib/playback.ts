import { WEB_PLAYBACK_CAP_SECONDS, type Race } from '@ridealong/contracts';

export type PlaybackMode = 'full' | 'preview';

/**
 * Which stream to ask for: full-length riding needs the desktop app and an account; guests and
 * browser users see previews (document 000 section 1).
 */
export function playbackModeFor({
  electronMode,
  signedIn,
}: {
  electronMode: boolean;
  signedIn: boolean;
}): PlaybackMode {
  return electronMode && signedIn ? 'full' : 'preview';
}

/**
 * Where playback stops, in seconds of video: 600 s in the browser (document 001 section 9), the
 * stream's own end (a preview's max_seconds), whichever comes first; null for no cap (the
 * desktop app with a full stream).
 */
export function playbackCapSeconds({
  electronMode,
  maxSeconds,
}: {
  electronMode: boolean;
  maxSeconds: number | null;
}): number | null {
  const limits = [maxSeconds, electronMode ? null : WEB_PLAYBACK_CAP_SECONDS].filter(
    (n): n is number => n !== null && Number.isFinite(n) && n > 0,
  );
  return limits.length === 0 ? null : Math.min(...limits);
}

/** True once the playhead has reached the cap: the player pauses there. */
export function reachedCap(currentTime: number, cap: number | null): boolean {
  return cap !== null && currentTime >= cap;
}

/** States in which the server is still working on a video: the owner's page keeps polling. */
export function isProcessing(status: Race['status']): boolean {
  return status === 'uploading' || status === 'uploaded' || status === 'processing';
}

export type VideoView =
  | { kind: 'loading' }
  /** 'Video is being processed.' with a placeholder; `race` is null when none came back. */
  | { kind: 'processing'; race: Race | null }
  | { kind: 'playable'; race: Race };

/**
 * What the video page shows (document 001 section 8): a video that fails to load, returns
 * nothing, is not ready yet, or whose playback errors shows the processing state.
 */
export function videoView(input: {
  loading: boolean;
  failed: boolean;
  race: Race | null | undefined;
  playbackFailed: boolean;
}): VideoView {
  if (input.loading) return { kind: 'loading' };
  const race = input.race ?? null;
  if (input.failed || race === null) return { kind: 'processing', race: null };
  if (race.status !== 'ready' || input.playbackFailed) return { kind: 'processing', race };
  return { kind: 'playable', race };
}
