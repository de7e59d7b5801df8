import { useEffect, useRef, type RefObject } from 'react';
import {
  layerToPlay,
  layerToPreload,
  playbackAction,
  type AudioNow,
  type PlaybackLayer,
  type VideoNow,
} from '../lib/playbackRules';

/** A saved, processed layer with its signed audio URL. */
export interface PlayableLayer extends PlaybackLayer {
  url: string;
}

/** HTMLMediaElement.HAVE_FUTURE_DATA: there is data past the position, so it moves. */
const HAVE_FUTURE_DATA = 3;

/** The video's events after which the audio may need to change ('play' has its own handler). */
const VIDEO_EVENTS = [
  'timeupdate',
  'playing',
  'pause',
  'seeking',
  'seeked',
  'waiting',
  'ended',
  'emptied',
] as const;

const videoNow = (video: HTMLVideoElement): VideoNow => ({
  t: video.currentTime,
  playing: !video.paused && !video.ended && !video.seeking && video.readyState >= HAVE_FUTURE_DATA,
});

/**
 * Plays the saved layers on `audioRef`'s element against the page's video (playbackRules):
 * one element whose source is the layer that should sound. Driven by the video's own events
 * (timeupdate comes a few times a second while it plays), so nothing renders as it plays. The
 * voiceover is as loud as the viewer's player and muted with it. `onAudioError` is told when
 * a layer's audio cannot be loaded (its signed URL may have expired).
 */
export function useLayerPlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  audioRef: RefObject<HTMLAudioElement | null>,
  layers: readonly PlayableLayer[],
  onAudioError: () => void,
): void {
  const latest = useRef({ layers, onAudioError });
  const tickRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    latest.current = { layers, onAudioError };
    // New or fewer layers (saved, deleted, muted by the owner) take effect at once.
    tickRef.current?.();
  }, [layers, onAudioError]);
  const present = layers.length > 0;

  useEffect(() => {
    const video = videoRef.current;
    const audio = audioRef.current;
    if (!video || !audio || !present) return;
    // What the element cannot say itself: which layer it holds, the lag after a restart, that
    // it finished in this pass, that the browser refused to play without a gesture, and the
    // URL that failed to load (not tried again until the layers come with another).
    const state = {
      layerId: null as number | null,
      url: '',
      lag: 0,
      finished: false,
      refused: false,
      failedUrl: '',
    };

    const load = (layer: PlayableLayer) => {
      if (state.layerId === layer.id && state.url === layer.url) return;
      state.layerId = layer.id;
      state.url = layer.url;
      state.lag = 0;
      state.finished = false;
      audio.src = layer.url;
      audio.dataset.layerId = String(layer.id);
    };
    const audioNow = (): AudioNow => ({
      layerId: state.layerId,
      playing: !audio.paused,
      position: audio.currentTime,
      duration: audio.duration,
      settled: !audio.seeking && audio.readyState >= HAVE_FUTURE_DATA,
      finished: state.finished,
      lag: state.lag,
    });
    const followVolume = () => {
      audio.muted = video.muted;
      audio.volume = video.volume;
    };

    const tick = () => {
      const { layers: all } = latest.current;
      const v = videoNow(video);
      // 'Finished' lasts while the video plays on within that layer.
      if (state.finished && (!v.playing || layerToPlay(all, v.t)?.id !== state.layerId)) {
        state.finished = false;
      }
      const action = playbackAction(all, v, audioNow());
      if (action.kind === 'stop') {
        audio.pause();
      } else if (action.kind === 'seek') {
        state.lag = action.lag;
        audio.currentTime = action.offset;
      } else if (action.kind === 'start') {
        const layer = all.find((l) => l.id === action.layerId);
        if (!layer || state.refused || layer.url === state.failedUrl) return;
        if (!audio.paused) audio.pause();
        load(layer);
        state.lag = action.lag;
        audio.currentTime = action.offset;
        followVolume();
        audio.play().catch((e: unknown) => {
          // Autoplay refused: wait for the viewer's next play rather than ask on every tick.
          // An AbortError is a newer source replacing this one: the next tick decides.
          if (e instanceof DOMException && e.name === 'NotAllowedError') state.refused = true;
        });
      } else if (v.playing && audio.paused) {
        // Nothing sounds: fetch the next layer's audio ahead, so it starts on time.
        const next = layerToPreload(all, v.t);
        if (next && next.url !== state.failedUrl) load(next);
      }
    };
    const onVideoPlay = () => {
      state.refused = false;
      tick();
    };
    const onEnded = () => {
      state.finished = true;
    };
    const onError = () => {
      if (!audio.error) return;
      state.failedUrl = state.url;
      latest.current.onAudioError();
    };

    tickRef.current = tick;
    followVolume();
    tick();
    for (const e of VIDEO_EVENTS) video.addEventListener(e, tick);
    video.addEventListener('play', onVideoPlay);
    video.addEventListener('volumechange', followVolume);
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('error', onError);
    // Once the audio has data, see whether it needs to catch up with the video.
    audio.addEventListener('playing', tick);
    return () => {
      tickRef.current = null;
      for (const e of VIDEO_EVENTS) video.removeEventListener(e, tick);
      video.removeEventListener('play', onVideoPlay);
      video.removeEventListener('volumechange', followVolume);
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('error', onError);
      audio.removeEventListener('playing', tick);
      audio.pause();
    };
  }, [videoRef, audioRef, present]);
}
