import { describe, expect, it } from 'vitest';
import {
  inPlayRange,
  layerToPlay,
  layerToPreload,
  NO_AUDIO,
  playbackAction,
  type AudioNow,
  type PlaybackLayer,
} from './playbackRules';

/** A 10 s voiceover over 20-30 s of video, and a 4 s one over 40-44 s. */
const A: PlaybackLayer = { id: 1, start_index: 20, end_index: 30, duration: 10 };
const B: PlaybackLayer = { id: 2, start_index: 40, end_index: 44, duration: 4 };
const layers = [B, A];

const playing = (t: number) => ({ t, playing: true });
const audioOf = (patch: Partial<AudioNow>): AudioNow => ({
  ...NO_AUDIO,
  layerId: A.id,
  duration: 10,
  settled: true,
  ...patch,
});

describe('inPlayRange', () => {
  it('holds from 0.3 s after the start to 0.3 s before the end, both edges included', () => {
    expect(inPlayRange(A, 20)).toBe(false);
    expect(inPlayRange(A, 20.29)).toBe(false);
    expect(inPlayRange(A, 20.3)).toBe(true);
    expect(inPlayRange(A, 25)).toBe(true);
    expect(inPlayRange(A, 29.7)).toBe(true);
    expect(inPlayRange(A, 29.71)).toBe(false);
    expect(inPlayRange(A, 30)).toBe(false);
    expect(inPlayRange(A, Number.NaN)).toBe(false);
  });

  it('never holds for a layer shorter than both insets', () => {
    const short = { start_index: 5, end_index: 5.5 };
    expect([5, 5.25, 5.3, 5.5].some((t) => inPlayRange(short, t))).toBe(false);
  });
});

describe('layerToPlay and layerToPreload', () => {
  it('finds the layer in range whatever the order of the list', () => {
    expect(layerToPlay(layers, 25)).toBe(A);
    expect(layerToPlay(layers, 42)).toBe(B);
    expect(layerToPlay(layers, 35)).toBeNull();
  });

  it('loads the next layer a few seconds before it starts, not once it plays', () => {
    expect(layerToPreload(layers, 16)).toBe(A);
    expect(layerToPreload(layers, 14)).toBeNull();
    expect(layerToPreload(layers, 25)).toBeNull();
    expect(layerToPreload(layers, 36)).toBe(B);
  });
});

describe('playbackAction', () => {
  it('starts a layer at the inset edge, at the video offset into it', () => {
    expect(playbackAction(layers, playing(20.2), NO_AUDIO)).toEqual({ kind: 'none' });
    expect(playbackAction(layers, playing(20.3), NO_AUDIO)).toEqual({
      kind: 'start',
      layerId: A.id,
      offset: expect.closeTo(0.3, 6) as number,
      lag: 0,
    });
    // Seeked into the middle: the voiceover says what belongs to that stretch of road.
    expect(playbackAction(layers, playing(26), NO_AUDIO)).toEqual({
      kind: 'start',
      layerId: A.id,
      offset: 6,
      lag: 0,
    });
  });

  it('stops at the end inset, and outside every layer', () => {
    const sounding = audioOf({ playing: true, position: 9.7 });
    expect(playbackAction(layers, playing(29.7), sounding)).toEqual({ kind: 'none' });
    expect(playbackAction(layers, playing(29.8), sounding)).toEqual({ kind: 'stop' });
    expect(playbackAction(layers, playing(35), sounding)).toEqual({ kind: 'stop' });
    expect(playbackAction(layers, playing(35), NO_AUDIO)).toEqual({ kind: 'none' });
  });

  it('stops when the video pauses (or waits for data), in range or not', () => {
    const sounding = audioOf({ playing: true, position: 5 });
    expect(playbackAction(layers, { t: 25, playing: false }, sounding)).toEqual({ kind: 'stop' });
    expect(playbackAction(layers, { t: 25, playing: false }, audioOf({ position: 5 }))).toEqual({
      kind: 'none',
    });
  });

  it('resumes a paused layer where the video is when it plays again', () => {
    expect(playbackAction(layers, playing(25), audioOf({ position: 5 }))).toEqual({
      kind: 'start',
      layerId: A.id,
      offset: 5,
      lag: 0,
    });
  });

  it('does not replay a layer that finished during this pass over its range', () => {
    const done = audioOf({ position: 10, finished: true });
    expect(playbackAction(layers, playing(29.6), done)).toEqual({ kind: 'none' });
  });

  it('restarts from 0 a layer resumed past 95 % of its audio, then keeps that lag', () => {
    const nearlyDone = audioOf({ position: 9.6 });
    expect(playbackAction(layers, playing(29.6), nearlyDone)).toEqual({
      kind: 'start',
      layerId: A.id,
      offset: 0,
      lag: expect.closeTo(9.6, 6) as number,
    });
    // At 95 % exactly it restarts too; just below it resumes at the video's offset.
    expect(playbackAction(layers, playing(22), audioOf({ position: 9.5 }))).toMatchObject({
      offset: 0,
    });
    expect(playbackAction(layers, playing(22), audioOf({ position: 9.4 }))).toMatchObject({
      offset: 2,
    });
    // The element's own duration counts when it knows it (a 12 s file: 9.6 s is 80 %).
    expect(
      playbackAction(layers, playing(22), audioOf({ position: 9.6, duration: 12 })),
    ).toMatchObject({ offset: 2 });
    // After a restart with a lag of 2 s, being 1 s into the audio at 23 s is in step.
    const restarted = audioOf({ playing: true, position: 1, lag: 2 });
    expect(playbackAction(layers, playing(23), restarted)).toEqual({ kind: 'none' });
  });

  it('corrects drift past 0.3 s and leaves smaller drift alone', () => {
    const at = (position: number) => audioOf({ playing: true, position });
    expect(playbackAction(layers, playing(25), at(5.29))).toEqual({ kind: 'none' });
    expect(playbackAction(layers, playing(25), at(4.71))).toEqual({ kind: 'none' });
    expect(playbackAction(layers, playing(25), at(5.5))).toEqual({
      kind: 'seek',
      offset: 5,
      lag: 0,
    });
    // The video was seeked within the layer: the audio jumps with it.
    expect(playbackAction(layers, playing(28), at(5))).toEqual({ kind: 'seek', offset: 8, lag: 0 });
    // Not while the element is still seeking or loading.
    const busy = audioOf({ playing: true, position: 1, settled: false });
    expect(playbackAction(layers, playing(25), busy)).toEqual({ kind: 'none' });
  });

  it('follows the road again after a seek back before a restart began', () => {
    const restarted = audioOf({ playing: true, position: 0.5, lag: 8 });
    expect(playbackAction(layers, playing(24), restarted)).toEqual({
      kind: 'seek',
      offset: 4,
      lag: 0,
    });
  });

  it('moves on to the next layer whatever the audio still holds', () => {
    const lastLayer = audioOf({ playing: true, position: 9 });
    expect(playbackAction(layers, playing(41), lastLayer)).toEqual({
      kind: 'start',
      layerId: B.id,
      offset: 1,
      lag: 0,
    });
  });
});
