import { describe, expect, it } from 'vitest';
import type { Race } from '@ridealong/contracts';
import {
  isProcessing,
  playbackCapSeconds,
  playbackModeFor,
  reachedCap,
  videoView,
} from './playback';

const race = (status: Race['status']) => ({ id: 1, url: 'abc', status }) as Race;

describe('playback mode', () => {
  it('asks for the full stream only in the desktop app when signed in', () => {
    expect(playbackModeFor({ electronMode: true, signedIn: true })).toBe('full');
    expect(playbackModeFor({ electronMode: true, signedIn: false })).toBe('preview');
    expect(playbackModeFor({ electronMode: false, signedIn: true })).toBe('preview');
    expect(playbackModeFor({ electronMode: false, signedIn: false })).toBe('preview');
  });
});

describe('playback cap', () => {
  it('stops browsers at 600 s', () => {
    expect(playbackCapSeconds({ electronMode: false, maxSeconds: null })).toBe(600);
    expect(playbackCapSeconds({ electronMode: false, maxSeconds: 900 })).toBe(600);
  });

  it('honours a shorter stream limit', () => {
    expect(playbackCapSeconds({ electronMode: false, maxSeconds: 120 })).toBe(120);
    expect(playbackCapSeconds({ electronMode: true, maxSeconds: 600 })).toBe(600);
  });

  it('lets the desktop app play the whole video', () => {
    expect(playbackCapSeconds({ electronMode: true, maxSeconds: null })).toBeNull();
  });

  it('ignores nonsense limits', () => {
    expect(playbackCapSeconds({ electronMode: true, maxSeconds: 0 })).toBeNull();
    expect(playbackCapSeconds({ electronMode: false, maxSeconds: Number.NaN })).toBe(600);
  });

  it('pauses at the cap, not before', () => {
    expect(reachedCap(599.9, 600)).toBe(false);
    expect(reachedCap(600, 600)).toBe(true);
    expect(reachedCap(3600, null)).toBe(false);
  });
});

describe('video page view', () => {
  const base = { loading: false, failed: false, playbackFailed: false };

  it('waits while the video loads', () => {
    expect(videoView({ ...base, loading: true, race: undefined })).toEqual({ kind: 'loading' });
  });

  it('shows processing when the fetch fails or returns nothing', () => {
    expect(videoView({ ...base, failed: true, race: undefined })).toEqual({
      kind: 'processing',
      race: null,
    });
    expect(videoView({ ...base, race: null })).toEqual({ kind: 'processing', race: null });
  });

  it('shows processing until the video is ready, and when playback errors', () => {
    for (const status of ['uploading', 'uploaded', 'processing', 'failed'] as const) {
      expect(videoView({ ...base, race: race(status) }).kind).toBe('processing');
    }
    expect(videoView({ ...base, race: race('ready'), playbackFailed: true }).kind).toBe(
      'processing',
    );
    expect(videoView({ ...base, race: race('ready') }).kind).toBe('playable');
  });

  it('keeps polling only while the server works on the video', () => {
    expect(
      ['uploading', 'uploaded', 'processing'].every((s) => isProcessing(s as Race['status'])),
    ).toBe(true);
    expect(isProcessing('ready')).toBe(false);
    expect(isProcessing('failed')).toBe(false);
  });
});
