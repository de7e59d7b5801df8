import { describe, expect, it } from 'vitest';
import { RideError } from './errors.js';
import {
  batchStored,
  newSocketRide,
  pushTarget,
  reachedSecond,
  rideStarted,
  sumAt,
} from './socket-ride.js';

const race = { id: 4, url: 'climb' };

describe('the socket ride’s defaults', () => {
  it('knows no second without a video, 0 on an initialised one', () => {
    const ride = newSocketRide();
    expect(reachedSecond(ride, 0)).toBeNull();
    ride.race = race;
    expect(reachedSecond(ride, 0)).toBe(0);
    expect(sumAt(ride, 3)).toBeNull();
  });

  it('counts seconds since add-track, then since the last stored batch, one push at most', () => {
    const ride = newSocketRide();
    rideStarted(ride, race, 9, null, 10_000);
    expect(reachedSecond(ride, 13_900)).toBe(3);
    expect(reachedSecond(ride, 60_000)).toBe(10);
    batchStored(ride, 9, { second: 19, sum: 4000 }, 70_000);
    expect(reachedSecond(ride, 72_500)).toBe(21);
    expect(reachedSecond(ride, 500_000)).toBe(29);
    expect(reachedSecond(ride, 60_000)).toBe(19); // a clock step back stays at the batch
  });

  it('places the rider by the stored sum, carried at their average power', () => {
    const ride = newSocketRide();
    rideStarted(ride, race, 9, { second: 9, sum: 2000, at: 0 }, 0);
    expect(sumAt(ride, 9)).toBe(2000);
    expect(sumAt(ride, 19)).toBe(4000);
    // A resent older batch, or another track's, does not move it back.
    batchStored(ride, 9, { second: 4, sum: 1000 }, 5);
    batchStored(ride, 8, { second: 30, sum: 1 }, 5);
    expect(ride.reached).toEqual({ second: 9, sum: 2000, at: 0 });
    // Another track on the same socket starts afresh.
    rideStarted(ride, race, 10, null, 7);
    expect(ride.reached).toBeNull();
    expect(ride.own).toEqual(new Set([9, 10]));
  });

  it('finds a push’s track: the payload’s, the points’, then the socket’s', () => {
    const ride = newSocketRide();
    expect(pushTarget(undefined, [{}], ride)).toBeNull();
    rideStarted(ride, race, 9, null, 0);
    expect(pushTarget(undefined, [{}, {}], ride)).toBe(9);
    expect(pushTarget(undefined, [{ track_id: 12 }, {}], ride)).toBe(12);
    expect(pushTarget(5, [{ track_id: 12 }], ride)).toBe(5);
    expect(() => pushTarget(undefined, [{ track_id: 12 }, { track_id: 13 }], ride)).toThrow(
      RideError,
    );
  });
});
