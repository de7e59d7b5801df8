import { describe, expect, it } from 'vitest';
import { EncodePlanError, fitShortSide, planEncode, UPLOAD_BOUND_BYTES } from './encode-plan.js';

describe('planEncode', () => {
  it('scales 4K down to the server’s 1080 and keeps the picture’s quality for short rides', () => {
    const plan = planEncode({ durationS: 15 * 60, width: 3840, height: 2160, fps: 30 });
    expect(plan).toMatchObject({ width: 1920, height: 1080 });
    expect(plan.videoKbps).toBe(Math.round((1920 * 1080 * 30 * 0.15) / 1000));
  });

  it('lowers the bitrate for long recordings so the file stays under 5 GB', () => {
    for (const minutes of [45, 90, 180, 600]) {
      const plan = planEncode({ durationS: minutes * 60, width: 3840, height: 2160, fps: 30 });
      expect(plan.expectedBytes).toBeLessThan(UPLOAD_BOUND_BYTES * 0.95);
    }
    const short = planEncode({ durationS: 30 * 60, width: 1920, height: 1080, fps: 30 });
    const long = planEncode({ durationS: 120 * 60, width: 1920, height: 1080, fps: 30 });
    expect(long.videoKbps).toBeLessThan(short.videoKbps);
  });

  it('never upscales and bounds peaks', () => {
    const plan = planEncode({ durationS: 10, width: 848, height: 480, fps: 29.97 });
    expect(plan).toMatchObject({ width: 848, height: 480 });
    expect(plan.maxrateKbps).toBeGreaterThan(plan.videoKbps);
  });

  it('refuses what cannot fit at a watchable quality, and nonsense', () => {
    expect(() => planEncode({ durationS: 40 * 3600, width: 1920, height: 1080, fps: 30 })).toThrow(
      EncodePlanError,
    );
    expect(() => planEncode({ durationS: 0, width: 1920, height: 1080, fps: 30 })).toThrow(
      EncodePlanError,
    );
    expect(() => planEncode({ durationS: 10, width: 0, height: 0, fps: 30 })).toThrow(
      EncodePlanError,
    );
  });
});

describe('fitShortSide', () => {
  it('keeps portrait footage portrait, with even sides', () => {
    expect(fitShortSide(2160, 3840, 1080)).toEqual({ width: 1080, height: 1920 });
    expect(fitShortSide(2704, 1520, 1080)).toEqual({ width: 1922, height: 1080 });
  });
});
