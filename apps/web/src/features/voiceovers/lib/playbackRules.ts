import { LAYER_AUTOPLAY_INSET_S, LAYER_RESTART_FRACTION } from '@ridealong/contracts';
import type { LayerRange } from './layerRules';

/**
 * When a saved voiceover plays for whoever watches the video (document 001 section 4): a
 * layer auto-plays while the video plays within its range, LAYER_AUTOPLAY_INSET_S inside
 * each end; it stops when the layer finishes or the video pauses or leaves the range; a
 * restart of a layer past LAYER_RESTART_FRACTION of its audio begins again at 0. Otherwise
 * the audio keeps to the road: its position follows the video's offset into the layer.
 */

/** The audio is put back in step with the video once it is this far out (seconds). */
export const LAYER_DRIFT_S = 0.3;
/** A layer starting within this many seconds ahead of the playing video is loaded early. */
export const LAYER_PRELOAD_AHEAD_S = 5;

/** The part of a saved layer playback needs. */
export interface PlaybackLayer extends LayerRange {
  id: number;
  /** Seconds of audio (the server measured it). */
  duration: number;
}

/** The page's video, as playback reads it. */
export interface VideoNow {
  /** Seconds at the playhead. */
  t: number;
  /** Playing and moving: not paused, ended, seeking or waiting for data. */
  playing: boolean;
}

/** The page's one voiceover <audio>, as playback reads it. */
export interface AudioNow {
  /** The layer whose audio is loaded, or null. */
  layerId: number | null;
  /** Not paused. */
  playing: boolean;
  /** Seconds into the loaded audio. */
  position: number;
  /** Seconds of the loaded audio when the element knows them, else NaN (the layer's is used). */
  duration: number;
  /** It can be positioned now: not seeking and with data at the position. */
  settled: boolean;
  /** It played to its end during this pass of the video over its range (no replay then). */
  finished: boolean;
  /**
   * Seconds the audio runs behind the video's offset into the layer: 0 while it follows the
   * road, the offset it restarted at after a restart from 0.
   */
  lag: number;
}

export type PlaybackAction =
  | { kind: 'none' }
  /** Pause the audio. */
  | { kind: 'stop' }
  /** Load `layerId` (unless loaded), put it at `offset` and play; `lag` as in AudioNow. */
  | { kind: 'start'; layerId: number; offset: number; lag: number }
  /** The playing audio drifted: put it at `offset` (and keep `lag`). */
  | { kind: 'seek'; offset: number; lag: number };

export const NO_AUDIO: AudioNow = {
  layerId: null,
  playing: false,
  position: 0,
  duration: Number.NaN,
  settled: false,
  finished: false,
  lag: 0,
};

/** Whether `t` is inside the layer's auto-play range (its range less the inset at each end). */
export function inPlayRange(layer: LayerRange, t: number): boolean {
  return (
    Number.isFinite(t) &&
    t >= layer.start_index + LAYER_AUTOPLAY_INSET_S &&
    t <= layer.end_index - LAYER_AUTOPLAY_INSET_S
  );
}

/** The layer that should sound at `t` (the earliest, should two ever touch), or null. */
export function layerToPlay<T extends LayerRange>(layers: readonly T[], t: number): T | null {
  let best: T | null = null;
  for (const l of layers) {
    if (inPlayRange(l, t) && (best === null || l.start_index < best.start_index)) best = l;
  }
  return best;
}

/** The next layer to load ahead of a playing video (the one about to start), or null. */
export function layerToPreload<T extends LayerRange>(layers: readonly T[], t: number): T | null {
  let best: T | null = null;
  for (const l of layers) {
    const ahead = l.start_index + LAYER_AUTOPLAY_INSET_S - t;
    if (
      ahead > 0 &&
      ahead <= LAYER_PRELOAD_AHEAD_S &&
      (best === null || l.start_index < best.start_index)
    )
      best = l;
  }
  return best;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** What to do with the audio now, given the layers, the video and the audio. */
export function playbackAction(
  layers: readonly PlaybackLayer[],
  video: VideoNow,
  audio: AudioNow,
): PlaybackAction {
  const layer = video.playing ? layerToPlay(layers, video.t) : null;
  if (!layer) return audio.playing ? { kind: 'stop' } : { kind: 'none' };

  const loaded = audio.layerId === layer.id;
  const duration = loaded && audio.duration > 0 ? audio.duration : layer.duration;
  const intoLayer = video.t - layer.start_index;

  if (loaded && audio.playing) {
    // Drift is judged only once the element can say where it is.
    if (!audio.settled) return { kind: 'none' };
    const expected = intoLayer - audio.lag;
    // A seek back before a restart's starting point: follow the road again.
    if (expected < 0) return { kind: 'seek', offset: clamp(intoLayer, 0, duration), lag: 0 };
    if (Math.abs(audio.position - expected) <= LAYER_DRIFT_S) return { kind: 'none' };
    return { kind: 'seek', offset: clamp(expected, 0, duration), lag: audio.lag };
  }
  // It ended in this pass over the range: it stays finished until the video pauses or leaves.
  if (loaded && audio.finished) return { kind: 'none' };
  if (loaded && duration > 0 && audio.position >= LAYER_RESTART_FRACTION * duration) {
    return { kind: 'start', layerId: layer.id, offset: 0, lag: intoLayer };
  }
  return { kind: 'start', layerId: layer.id, offset: clamp(intoLayer, 0, duration), lag: 0 };
}
