import { describe, expect, it } from 'vitest';
import {
  FEC_GRADE_LIMITS,
  gradeLimitsFromInclinationRange,
  normalizeSlopeSettings,
  shapeGrade,
} from './shape-grade.js';

describe('shapeGrade', () => {
  it('passes uphill grades through at the default 100 % difficulty', () => {
    expect(shapeGrade(6)).toBe(6);
    expect(shapeGrade(0)).toBe(0);
  });

  it('halves descents by default (downhill factor 50 %)', () => {
    expect(shapeGrade(-8)).toBe(-4);
  });

  it('scales uphill by difficulty and downhill by difficulty x downhill', () => {
    const settings = { difficultyPercent: 150, downhillPercent: 20 };
    expect(shapeGrade(10, settings)).toBe(15);
    expect(shapeGrade(-10, settings)).toBeCloseTo(-3, 12);
    expect(shapeGrade(-10, { difficultyPercent: 50, downhillPercent: 100 })).toBe(-5);
    expect(shapeGrade(12, { difficultyPercent: 0 })).toBe(0);
    expect(Object.is(shapeGrade(-12, { difficultyPercent: 0 }), 0)).toBe(true);
  });

  it('clamps factors outside their ranges', () => {
    expect(normalizeSlopeSettings({ difficultyPercent: 500, downhillPercent: 300 })).toEqual({
      difficultyPercent: 200,
      downhillPercent: 100,
    });
    expect(normalizeSlopeSettings({ difficultyPercent: -20, downhillPercent: -1 })).toEqual({
      difficultyPercent: 0,
      downhillPercent: 0,
    });
    expect(normalizeSlopeSettings({ difficultyPercent: Number.NaN })).toEqual({
      difficultyPercent: 100,
      downhillPercent: 50,
    });
    expect(shapeGrade(10, { difficultyPercent: 1000 })).toBe(20);
    expect(shapeGrade(-10, { downhillPercent: 250 })).toBe(-10);
  });

  it('clamps to the range the trainer reports over FTMS', () => {
    const limits = gradeLimitsFromInclinationRange({
      minPercent: -10,
      maxPercent: 20,
      incrementPercent: 0.1,
    });
    expect(shapeGrade(25, {}, limits)).toBe(20);
    expect(shapeGrade(-30, {}, limits)).toBe(-10);
    expect(shapeGrade(-30, { downhillPercent: 20 }, limits)).toBe(-6);
  });

  it('falls back to the FE-C limits when the range is unknown or unusable', () => {
    expect(FEC_GRADE_LIMITS).toEqual({ minPercent: -200, maxPercent: 200 });
    expect(shapeGrade(150, { difficultyPercent: 200 })).toBe(200);
    expect(shapeGrade(-300, { downhillPercent: 100 }, null)).toBe(-200);
    expect(shapeGrade(50, {}, { minPercent: 10, maxPercent: -10 })).toBe(50);
  });

  it('treats a non-finite road grade as flat', () => {
    expect(shapeGrade(Number.NaN)).toBe(0);
    expect(shapeGrade(Number.POSITIVE_INFINITY)).toBe(0);
  });
});
