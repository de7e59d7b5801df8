import { describe, expect, it } from 'vitest';
import type { GpxPreview } from '@ridealong/contracts';
import {
  CHART,
  CHART_HEIGHT,
  coveredText,
  coversWholeVideo,
  previewGeometry,
  previewLabel,
  slopeRange,
} from './previewChart';

/** A 120 s video: flat for 60 s, then 6 %; the track covers 10 s to 120 s. */
const preview: GpxPreview = {
  offset_s: -10,
  duration_s: 120,
  covered_from_s: 10,
  covered_to_s: 120,
  distance_m: 960,
  climb_m: 28.8,
  points: [
    [0, 0, 100, 0],
    [60, 480, 100, 0],
    [120, 960, 128.8, 6],
  ],
};

describe('previewGeometry', () => {
  it('puts the video seconds across: 0 at the left edge, the duration at the right', () => {
    const g = previewGeometry(preview);
    expect(g.elevationLine.startsWith('M0 ')).toBe(true);
    expect(g.elevationLine).toContain(`L${CHART.width / 2} `);
    expect(g.elevationLine).toContain(`L${CHART.width} `);
  });

  it('draws higher elevation higher up, within the elevation band', () => {
    const g = previewGeometry(preview);
    const ys = [...g.elevationLine.matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(ys[0]).toBe(ys[1]);
    expect(ys[2]!).toBeLessThan(ys[1]!);
    for (const y of ys) {
      expect(y).toBeGreaterThanOrEqual(CHART.pad);
      expect(y).toBeLessThanOrEqual(CHART.elevationHeight - CHART.pad);
    }
    expect(g.elevationArea.endsWith(`L0 ${CHART.elevationHeight} Z`)).toBe(true);
  });

  it('draws slope in the band below, 0 % on the zero line and climbs above it', () => {
    const g = previewGeometry(preview);
    const ys = [...g.slopeLine.matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(ys[0]).toBe(g.zeroSlopeY);
    expect(ys[2]!).toBeLessThan(g.zeroSlopeY);
    expect(g.zeroSlopeY).toBeGreaterThan(CHART.elevationHeight);
    for (const y of ys) expect(y).toBeLessThanOrEqual(CHART_HEIGHT);
  });

  it('marks the covered seconds', () => {
    const g = previewGeometry(preview);
    expect(g.coveredFromX).toBe(CHART.width / 12);
    expect(g.coveredToX).toBe(CHART.width);
  });

  it('draws nothing from fewer than two points, and survives a zero duration', () => {
    const g = previewGeometry({ ...preview, duration_s: 0, points: [[0, 0, 100, 0]] });
    expect(g.elevationLine).toBe('');
    expect(g.slopeLine).toBe('');
  });
});

describe('the words for the preview', () => {
  it('gives the slope range', () => {
    expect(slopeRange(preview)).toEqual({ min: 0, max: 6 });
    expect(slopeRange({ ...preview, points: [] })).toEqual({ min: 0, max: 0 });
  });

  it('says which seconds the track covers', () => {
    expect(coversWholeVideo(preview)).toBe(false);
    expect(coveredText(preview)).toBe(
      "The GPS track covers 0:10 to 2:00 of the video's 2:00; outside that range the trainer rides flat.",
    );
    expect(coveredText({ ...preview, covered_from_s: 0 })).toBe(
      'The GPS track covers the whole video (2:00).',
    );
  });

  it('labels the chart with the distance, the climb, the slopes and the coverage', () => {
    expect(previewLabel(preview, 'metric')).toBe(
      "Elevation and slope preview over the video's 2:00: 0.96 km with 29 m of climbing, " +
        "slopes from 0 % to 6 %. The GPS track covers 0:10 to 2:00 of the video's 2:00; " +
        'outside that range the trainer rides flat.',
    );
  });
});
