import { describe, expect, it } from 'vitest';
import {
  hasUnsavedRide,
  heldForOutage,
  initialRide,
  rideReducer,
  stopActions,
  type RideEvent,
  type RideMachine,
} from './rideMachine';

const run = (...events: RideEvent[]): RideMachine => events.reduce(rideReducer, initialRide);

describe('rideReducer', () => {
  it('starts with mode none; Preview is play mode', () => {
    expect(initialRide).toMatchObject({ mode: 'none', playing: false, recording: false });
    expect(run({ type: 'preview' }).mode).toBe('play');
  });

  it('counts down in race mode, then records with playing and recording set', () => {
    const countdown = run({ type: 'start' });
    expect(countdown).toMatchObject({ phase: 'countdown', mode: 'race', recording: false });
    expect(rideReducer(countdown, { type: 'countdown-done' })).toMatchObject({
      phase: 'recording',
      playing: true,
      recording: true,
      paused: false,
    });
  });

  it('an abort during the countdown goes back to play mode; later it changes nothing', () => {
    expect(run({ type: 'start' }, { type: 'abort' })).toEqual({ ...initialRide, mode: 'play' });
    const recording = run({ type: 'start' }, { type: 'countdown-done' });
    expect(rideReducer(recording, { type: 'abort' })).toBe(recording);
  });

  it('pausing clears playing and recording; resuming sets them again', () => {
    const paused = run({ type: 'start' }, { type: 'countdown-done' }, { type: 'pause' });
    expect(paused).toMatchObject({
      phase: 'paused',
      paused: true,
      playing: false,
      recording: false,
    });
    expect(rideReducer(paused, { type: 'resume' })).toMatchObject({ phase: 'recording' });
  });

  it('an ended video cannot resume; it can be saved', () => {
    const ended = run({ type: 'start' }, { type: 'countdown-done' }, { type: 'ended' });
    expect(ended).toMatchObject({ phase: 'paused', ended: true });
    expect(rideReducer(ended, { type: 'resume' })).toBe(ended);
    expect(rideReducer(ended, { type: 'stop', discard: false })).toMatchObject({
      phase: 'stopping',
      discarding: false,
    });
  });

  it('stopping returns to play mode and forgets the ride', () => {
    const done = run(
      { type: 'start' },
      { type: 'countdown-done' },
      { type: 'pause' },
      { type: 'stop', discard: true },
      { type: 'stopped' },
    );
    expect(done).toEqual({ ...initialRide, mode: 'play' });
  });

  it('a failed stop goes back to the paused controls with the reason', () => {
    const failed = run(
      { type: 'start' },
      { type: 'countdown-done' },
      { type: 'pause' },
      { type: 'stop', discard: false },
      { type: 'stop-failed', message: 'No connection' },
    );
    expect(failed).toMatchObject({ phase: 'paused', error: 'No connection' });
  });

  it('ignores events that do not apply', () => {
    expect(run({ type: 'pause' })).toBe(initialRide);
    expect(run({ type: 'countdown-done' })).toBe(initialRide);
    const recording = run({ type: 'start' }, { type: 'countdown-done' });
    expect(rideReducer(recording, { type: 'start' })).toBe(recording);
    expect(rideReducer(recording, { type: 'stop', discard: false })).toBe(recording);
  });

  it('counts a ride as unsaved from recording until it stops', () => {
    expect(hasUnsavedRide(run({ type: 'start' }))).toBe(false);
    expect(hasUnsavedRide(run({ type: 'start' }, { type: 'countdown-done' }))).toBe(true);
  });
});

describe('stopActions', () => {
  it('offers Save and Discard with power, the no-input discard without', () => {
    expect(stopActions(500, 10)).toEqual({ save: true, discard: true, noInputDiscard: false });
    expect(stopActions(0, 10)).toEqual({ save: false, discard: false, noInputDiscard: true });
    expect(stopActions(0, 0)).toEqual({ save: false, discard: false, noInputDiscard: false });
  });
});

describe('rideReducer through an outage (issue 11)', () => {
  const riding = run({ type: 'start' }, { type: 'countdown-done' });

  it('a recording ride waits while away, resumes after the countdown once back', () => {
    const waiting = rideReducer(riding, { type: 'connection-lost' });
    expect(waiting).toMatchObject({
      phase: 'waiting',
      away: true,
      recording: false,
      playing: false,
    });
    expect(heldForOutage(waiting)).toBe(true);
    expect(hasUnsavedRide(waiting)).toBe(true);
    // The page's own pause of the video is not the rider's, nor is a stray play.
    expect(rideReducer(waiting, { type: 'pause' })).toBe(waiting);
    expect(rideReducer(waiting, { type: 'resume' })).toBe(waiting);
    const resuming = rideReducer(waiting, { type: 'connection-back' });
    expect(resuming).toMatchObject({ phase: 'resuming', away: false });
    expect(heldForOutage(resuming)).toBe(true);
    expect(rideReducer(resuming, { type: 'resume-countdown-done' })).toMatchObject({
      phase: 'recording',
      recording: true,
      playing: true,
    });
  });

  it('going away again during the countdown waits again', () => {
    const resuming = run(
      { type: 'start' },
      { type: 'countdown-done' },
      { type: 'connection-lost' },
      { type: 'connection-back' },
    );
    const again = rideReducer(resuming, { type: 'connection-lost' });
    expect(again.phase).toBe('waiting');
    expect(rideReducer(again, { type: 'resume-countdown-done' }).phase).toBe('waiting');
  });

  it("a rider's pause stays a pause while away; resuming it then waits", () => {
    const paused = rideReducer(riding, { type: 'pause' });
    const awayPaused = rideReducer(paused, { type: 'connection-lost' });
    expect(awayPaused).toMatchObject({ phase: 'paused', away: true });
    expect(rideReducer(awayPaused, { type: 'resume' }).phase).toBe('waiting');
    expect(rideReducer(awayPaused, { type: 'connection-back' }).phase).toBe('paused');
  });

  it('a start countdown that ends while away waits instead of recording', () => {
    const away = run({ type: 'start' }, { type: 'connection-lost' });
    expect(away.phase).toBe('countdown');
    expect(rideReducer(away, { type: 'countdown-done' }).phase).toBe('waiting');
  });

  it('a long outage can be ended by saving or discarding from the wait', () => {
    const waiting = rideReducer(riding, { type: 'connection-lost' });
    expect(rideReducer(waiting, { type: 'stop', discard: false })).toMatchObject({
      phase: 'stopping',
      discarding: false,
    });
    expect(rideReducer(waiting, { type: 'stop', discard: true })).toMatchObject({
      phase: 'stopping',
      discarding: true,
    });
    const resuming = rideReducer(waiting, { type: 'connection-back' });
    expect(rideReducer(resuming, { type: 'stop', discard: false })).toBe(resuming);
  });

  it('the connection is tracked outside a ride without changing its phase', () => {
    const idle = rideReducer(initialRide, { type: 'connection-lost' });
    expect(idle).toMatchObject({ phase: 'idle', away: true });
    expect(rideReducer(idle, { type: 'connection-back' })).toMatchObject({
      phase: 'idle',
      away: false,
    });
  });
});
