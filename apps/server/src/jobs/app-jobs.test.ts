import { describe, expect, it } from 'vitest';
import { completeHandlers } from './app-jobs.js';
import type { JobHandler } from './types.js';

/** The app's payloads as completeHandlers sees them: only the names matter. */
type Payloads = { 'video.process': { videoId: number }; 'track.saved': { trackId: number } };
const payloads: { [K in keyof Payloads]: unknown } = {
  'video.process': 'schema',
  'track.saved': 'schema',
};

const handler = (): JobHandler<never> => ({ run: async () => {} });

describe('completeHandlers', () => {
  it("joins the modules' handlers into one map, skipping modules without jobs", () => {
    const processVideo = handler();
    const trackSaved = handler();

    const joined = completeHandlers<Payloads>(payloads, [
      { 'video.process': processVideo },
      undefined,
      {},
      { 'track.saved': trackSaved },
    ]);

    expect(Object.keys(joined).sort()).toEqual(['track.saved', 'video.process']);
    expect(joined['video.process']).toBe(processVideo);
    expect(joined['track.saved']).toBe(trackSaved);
  });

  it('throws naming every job without a handler', () => {
    expect(() => completeHandlers<Payloads>(payloads, [{}, undefined])).toThrow(
      'jobs without a handler: video.process, track.saved',
    );
    expect(() => completeHandlers<Payloads>(payloads, [{ 'video.process': handler() }])).toThrow(
      /^jobs without a handler: track\.saved$/,
    );
  });

  it('throws when two modules handle one job', () => {
    expect(() =>
      completeHandlers<Payloads>(payloads, [
        { 'video.process': handler(), 'track.saved': handler() },
        { 'track.saved': handler() },
      ]),
    ).toThrow('job track.saved has two handlers');
  });

  it('throws on a handler whose job has no payload schema', () => {
    expect(() =>
      completeHandlers<Payloads>(payloads, [
        { 'video.process': handler(), 'track.saved': handler() },
        { 'strava.upload': handler() },
      ]),
    ).toThrow('job strava.upload has a handler but no payload schema');
  });
});
