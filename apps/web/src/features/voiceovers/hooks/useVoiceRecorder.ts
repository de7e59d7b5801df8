import { useCallback, useEffect, useRef, useState } from 'react';
import {
  microphoneProblem,
  pickRecordingMimeType,
  RECORDING_END_MARGIN_S,
  timeAfterRecording,
  type Recording,
} from '../lib/recording';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'stopping';

/** One take in progress. */
interface Take {
  stream: MediaStream;
  recorder: MediaRecorder;
  video: HTMLVideoElement;
  wasMuted: boolean;
  startIndex: number;
  startedAt: number;
  seconds: number;
  timestamp: string;
  chunks: Blob[];
  /** Unmounted mid-take: nothing is kept. */
  discard: boolean;
  detach: () => void;
}

const stopTracks = (stream: MediaStream) => stream.getTracks().forEach((t) => t.stop());
const VIDEO_PLAY_PROBLEM = 'The video could not play. Press play once, then try again.';

/**
 * Records the microphone against the video (document 001 section 4): the video plays muted
 * from where it is while the take runs; stopping (or the video pausing, seeking, ending or
 * reaching `limit`) pauses it, skips 1 s past the take and gives the take to `onRecorded`.
 * The player's own muted state is put back afterwards. A microphone or recorder that will not
 * start is logged and named in `problem`, and the phase goes back to idle.
 */
export function useVoiceRecorder(onRecorded: (rec: Recording) => void) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const phaseRef = useRef<RecorderPhase>('idle');
  const take = useRef<Take | null>(null);
  const mounted = useRef(true);
  const deliver = useRef(onRecorded);
  useEffect(() => {
    deliver.current = onRecorded;
  }, [onRecorded]);

  const go = useCallback((next: RecorderPhase) => {
    phaseRef.current = next;
    if (mounted.current) setPhase(next);
  }, []);

  const finish = useCallback(
    (t: Take) => {
      stopTracks(t.stream);
      t.video.muted = t.wasMuted;
      take.current = null;
      go('idle');
      if (t.discard) return;
      t.video.currentTime = timeAfterRecording(t.startIndex + t.seconds, t.video.duration);
      const type = t.recorder.mimeType || 'audio/webm';
      deliver.current({
        blob: new Blob(t.chunks, { type }),
        startIndex: t.startIndex,
        seconds: t.seconds,
        timestamp: t.timestamp,
      });
    },
    [go],
  );

  const stop = useCallback(() => {
    const t = take.current;
    if (!t || phaseRef.current !== 'recording') return;
    go('stopping');
    t.detach();
    t.seconds = (performance.now() - t.startedAt) / 1000;
    t.video.pause();
    if (t.recorder.state === 'inactive') finish(t);
    else t.recorder.stop();
  }, [finish, go]);

  /** Starts a take at the video's playhead that may last until video second `limit`. */
  const start = useCallback(
    async (video: HTMLVideoElement, limit: number) => {
      if (phaseRef.current !== 'idle') return;
      go('starting');
      setProblem(null);
      const wasMuted = video.muted;
      const fail = (what: string, error: unknown, message: string, stream?: MediaStream) => {
        console.error(what, error);
        if (stream) stopTracks(stream);
        video.muted = wasMuted;
        go('idle');
        if (mounted.current) setProblem(message);
      };

      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch (error) {
        fail('The microphone could not be opened', error, microphoneProblem(error));
        return;
      }
      if (!mounted.current) return stopTracks(stream);
      let recorder: MediaRecorder;
      try {
        const mimeType = pickRecordingMimeType((type) => MediaRecorder.isTypeSupported(type));
        recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      } catch (error) {
        fail('The recorder could not be created', error, microphoneProblem(error), stream);
        return;
      }

      // The owner's voice, not the video's sound, is what the microphone should hear.
      video.muted = true;
      try {
        await video.play();
      } catch (error) {
        fail('The video could not play for recording', error, VIDEO_PLAY_PROBLEM, stream);
        return;
      }
      if (!mounted.current) {
        video.muted = wasMuted;
        return stopTracks(stream);
      }

      const t: Take = {
        stream,
        recorder,
        video,
        wasMuted,
        startIndex: video.currentTime,
        startedAt: performance.now(),
        seconds: 0,
        timestamp: new Date().toISOString(),
        chunks: [],
        discard: false,
        detach: () => undefined,
      };
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0) t.chunks.push(e.data);
      };
      recorder.onstop = () => finish(t);
      recorder.onerror = (e) => {
        console.error('The recording failed', e);
        if (mounted.current) setProblem('The recording stopped unexpectedly.');
        stop();
      };
      try {
        recorder.start();
      } catch (error) {
        video.pause();
        fail('The recorder could not start', error, microphoneProblem(error), stream);
        return;
      }

      // Stop short of the next voiceover or the end: the take must fit where it began.
      const room = limit - t.startIndex - RECORDING_END_MARGIN_S;
      const deadline = Number.isFinite(room)
        ? window.setTimeout(stop, Math.max(0, room) * 1000)
        : undefined;
      const onTime = () => {
        if (video.currentTime >= limit - RECORDING_END_MARGIN_S) stop();
      };
      video.addEventListener('timeupdate', onTime);
      // A pause, a seek or the end would put the take out of step with the video.
      for (const e of ['pause', 'seeking', 'ended'] as const) video.addEventListener(e, stop);
      t.detach = () => {
        window.clearTimeout(deadline);
        video.removeEventListener('timeupdate', onTime);
        for (const e of ['pause', 'seeking', 'ended'] as const) video.removeEventListener(e, stop);
      };
      take.current = t;
      go('recording');
    },
    [finish, go, stop],
  );

  // Leaving mid-take: the microphone is released and the player unmuted, nothing is kept.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const t = take.current;
      if (!t) return;
      t.discard = true;
      t.detach();
      stopTracks(t.stream);
      t.video.muted = t.wasMuted;
      if (t.recorder.state !== 'inactive') t.recorder.stop();
      else finish(t);
    };
  }, [finish]);

  return { phase, problem, start, stop, clearProblem: () => setProblem(null) };
}
