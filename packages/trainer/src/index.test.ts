import { describe, expect, it } from 'vitest';
import * as trainer from './index.js';

describe('public API', () => {
  it('exposes the codecs, physics, slope shaping and simulator from one entry point', () => {
    for (const name of [
      'decodeIndoorBikeData',
      'encodeIndoorBikeSimulation',
      'decodeControlPointResponse',
      'decodeFitnessMachineFeature',
      'decodeCyclingPowerMeasurement',
      'decodeHeartRateMeasurement',
      'decodeCscMeasurement',
      'SpeedCadenceCalculator',
      'decodeFecPage',
      'encodeFecTrackResistance',
      'decodeAntHeartRate',
      'decodeAntPowerOnly',
      'averagePowerBetweenEvents',
      'powerForSpeed',
      'steadySpeedForPower',
      'stepSpeed',
      'shapeGrade',
      'SimulatedTrainer',
      'RouteTimeline',
      'VirtualRider',
      'RateController',
      'ghostDistanceAt',
      'gapTo',
      'countsForRankings',
    ]) {
      expect(typeof (trainer as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it('feeds a shaped grade from a simulated ride into an FE-C command', () => {
    const sim = new trainer.SimulatedTrainer({ power: { kind: 'steady', watts: 200 }, seed: 9 });
    const grade = sim.setGrade(trainer.shapeGrade(-8));
    expect(grade).toBe(-4);
    // -4 % -> (−4 + 200) * 100 = 19600 = 0x4C90.
    expect(Array.from(trainer.encodeFecTrackResistance({ gradePercent: grade }))).toEqual([
      0x33, 0xff, 0xff, 0xff, 0xff, 0x90, 0x4c, 0xff,
    ]);
  });
});
