import { useEffect, type RefObject } from 'react';

/** element -> gain -> speakers; the gain is the switch (an unconnected element stalls). */
type Graph = { context: AudioContext; gain: GainNode | null };

/** An element can be given to Web Audio only once: its graph lives as long as it does. */
const graphs = new WeakMap<HTMLMediaElement, Graph>();
/** Elements this hook muted itself while it could not yet take their sound out. */
const forced = new WeakSet<HTMLMediaElement>();

/**
 * The element's graph once its context runs. The element's clock follows what pulls its
 * sound: in Chromium one fed to no output stands still (measured), so it is fed only to a
 * running context. A context made before the viewer's first gesture starts suspended, and
 * `resume` is asked for again on the next one.
 */
function runningGraph(video: HTMLVideoElement): Graph | null {
  let graph = graphs.get(video);
  if (!graph) {
    try {
      graph = { context: new AudioContext(), gain: null };
    } catch {
      return null;
    }
    graphs.set(video, graph);
  }
  if (graph.context.state !== 'running') {
    void graph.context.resume().catch(() => undefined);
    return null;
  }
  if (!graph.gain) {
    try {
      const gain = graph.context.createGain();
      graph.context
        .createMediaElementSource(video)
        .connect(gain)
        .connect(graph.context.destination);
      graph.gain = gain;
    } catch {
      return null;
    }
  }
  return graph;
}

function forceMute(video: HTMLVideoElement) {
  if (video.muted) return;
  forced.add(video);
  video.muted = true;
}

function releaseMute(video: HTMLVideoElement) {
  if (!forced.delete(video)) return;
  video.muted = false;
}

/**
 * The owner's 'video audio' switch (race.mute_video_audio) for everyone who watches: the
 * video's own sound is taken through Web Audio at zero gain, so the element's `muted` and
 * volume stay the viewer's own (the voiceovers follow those, and the owner's switches are
 * disabled while the viewer muted the player). Until the browser lets Web Audio run (before
 * the viewer's first gesture, when it would not play sound anyway) the element is muted
 * instead. A video whose sound was never switched off is left alone.
 */
export function useSoundtrackSwitch(
  videoRef: RefObject<HTMLVideoElement | null>,
  off: boolean,
): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video || (!off && !graphs.has(video))) return;
    video.dataset.soundtrack = off ? 'off' : 'on';

    const apply = (): boolean => {
      // Switched back on before its sound was ever taken out: the element plays it itself.
      if (!off && !graphs.get(video)?.gain) {
        releaseMute(video);
        return true;
      }
      const graph = runningGraph(video);
      if (!graph?.gain) {
        if (off) forceMute(video);
        else releaseMute(video);
        return false;
      }
      releaseMute(video);
      graph.gain.gain.value = off ? 0 : 1;
      return true;
    };
    let context: AudioContext | undefined;
    const stop = () => {
      video.removeEventListener('play', retry);
      document.removeEventListener('pointerdown', retry, true);
      document.removeEventListener('keydown', retry, true);
      context?.removeEventListener('statechange', retry);
    };
    const retry = () => {
      if (apply()) stop();
    };
    if (!apply()) {
      // The next gesture (or play) may let the context run; it says so by statechange.
      context = graphs.get(video)?.context;
      video.addEventListener('play', retry);
      document.addEventListener('pointerdown', retry, true);
      document.addEventListener('keydown', retry, true);
      context?.addEventListener('statechange', retry);
    }
    return () => {
      stop();
      // The player left the page (not a re-run for the other position of the switch).
      if (video.isConnected) return;
      const graph = graphs.get(video);
      graphs.delete(video);
      forced.delete(video);
      void graph?.context.close().catch(() => undefined);
    };
  }, [videoRef, off]);
}
