import { describe, expect, it } from 'vitest';
import { SLOPE_SOURCE } from '@ridealong/contracts';
import { fixtureRace } from '../test/raceFixture';
import { lacksSlope, planBadgeOf } from './planBadge';

describe('planBadgeOf', () => {
  it('badges the videos the server says need Pro, and no others', () => {
    expect(planBadgeOf(fixtureRace(1, { exclusive: true, required_plan: 'pro' }))).toEqual({
      label: 'Pro',
      description: 'Pro plan video',
    });
    // Core (and a trial) is the everyday plan; a sampler needs none; an older server sends none.
    expect(planBadgeOf(fixtureRace(2, { required_plan: 'core' }))).toBeNull();
    expect(planBadgeOf(fixtureRace(3, { exclusive: true, required_plan: null }))).toBeNull();
    expect(planBadgeOf(fixtureRace(4))).toBeNull();
  });
});

describe('lacksSlope', () => {
  it('marks a ready video without GPS or GPX', () => {
    expect(lacksSlope(fixtureRace(1, { slope_source_id: SLOPE_SOURCE.none }))).toBe(true);
    expect(lacksSlope(fixtureRace(2, { slope_source_id: SLOPE_SOURCE.cameraGps }))).toBe(false);
    expect(lacksSlope(fixtureRace(3, { slope_source_id: SLOPE_SOURCE.gpx }))).toBe(false);
  });

  it('says nothing while a video is still being made (its slope data may be coming)', () => {
    expect(lacksSlope(fixtureRace(1, { status: 'processing', slope_source_id: 0 }))).toBe(false);
  });
});
