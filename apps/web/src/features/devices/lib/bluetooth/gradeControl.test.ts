import { describe, expect, it } from 'vitest';
import { encodeIndoorBikeSimulation, encodeRequestControl } from '@ridealong/trainer';
import { controlDelayMs, controlGrantFrom, gradeWrites, trainerGrade } from './gradeControl';

const settings = { difficulty: 100, downhill: 50 };

describe('trainerGrade', () => {
  it('applies difficulty to climbs and downhill to descents', () => {
    expect(trainerGrade(5, settings, null)).toBe(5);
    expect(trainerGrade(5, { difficulty: 50, downhill: 50 }, null)).toBe(2.5);
    expect(trainerGrade(-4, settings, null)).toBe(-2);
    expect(trainerGrade(-4, { difficulty: 200, downhill: 100 }, null)).toBe(-8);
  });

  it('clamps to the trainer range and rounds to 0.01 %', () => {
    expect(trainerGrade(25, settings, { minPercent: -10, maxPercent: 20 })).toBe(20);
    expect(trainerGrade(1.23456, settings, null)).toBe(1.23);
    expect(Object.is(trainerGrade(-0.001, settings, null), 0)).toBe(true);
  });
});

describe('gradeWrites', () => {
  it('requests control first until it is granted', () => {
    const sim = encodeIndoorBikeSimulation({ gradePercent: 3 });
    expect(gradeWrites(false, 3)).toEqual([encodeRequestControl(), sim]);
    expect(gradeWrites(true, 3)).toEqual([sim]);
  });
});

describe('controlDelayMs', () => {
  it('lets one grade through every 500 ms', () => {
    expect(controlDelayMs(null, 1000)).toBe(0);
    expect(controlDelayMs(1000, 1200)).toBe(300);
    expect(controlDelayMs(1000, 1600)).toBe(0);
  });
});

describe('controlGrantFrom', () => {
  it('reads the Request Control answer', () => {
    expect(controlGrantFrom(Uint8Array.of(0x80, 0x00, 0x01))).toBe(true);
    expect(controlGrantFrom(Uint8Array.of(0x80, 0x00, 0x04))).toBe(false);
  });

  it('notices control taken away and ignores other answers', () => {
    expect(controlGrantFrom(Uint8Array.of(0x80, 0x11, 0x05))).toBe(false);
    expect(controlGrantFrom(Uint8Array.of(0x80, 0x11, 0x01))).toBeNull();
    expect(controlGrantFrom(Uint8Array.of(0x01))).toBeNull();
  });
});
