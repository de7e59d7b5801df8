import { describe, expect, it } from 'vitest';
import { startAction, startSignalStep, type StartSignalInput } from './startFlow';

const base = { signedIn: true, electronMode: true, live: false, settling: false };

describe('startAction', () => {
  it('sends a guest to sign in, whatever the trainer', () => {
    expect(startAction({ ...base, signedIn: false, live: true })).toBe('sign-in');
  });

  it('rides at once with a live trainer, in desktop mode and in a plain browser', () => {
    expect(startAction({ ...base, live: true })).toBe('ride');
    expect(startAction({ ...base, electronMode: false, live: true })).toBe('ride');
  });

  it('waits for a trainer that is still coming (a reconnect after a reload)', () => {
    expect(startAction({ ...base, settling: true })).toBe('wait');
  });

  it('opens Connect Device in desktop mode, and offers the ways to ride in a plain browser', () => {
    expect(startAction(base)).toBe('connect');
    expect(startAction({ ...base, electronMode: false })).toBe('offer');
  });
});

describe('startSignalStep', () => {
  const signal: StartSignalInput = {
    ...base,
    signal: true,
    grouped: false,
    rideIdle: true,
    panelOpen: false,
    asked: false,
  };

  it('does nothing without the signal', () => {
    expect(startSignalStep({ ...signal, signal: false, live: true })).toBe('none');
  });

  it('rides once the trainer is live and Connect Device is closed', () => {
    expect(startSignalStep({ ...signal, live: true })).toBe('ride');
    expect(startSignalStep({ ...signal, live: true, panelOpen: true })).toBe('wait');
    expect(startSignalStep({ ...signal, live: true, asked: true })).toBe('ride');
  });

  it('drops the signal in group mode, during a ride and for a guest', () => {
    expect(startSignalStep({ ...signal, live: true, grouped: true })).toBe('drop');
    expect(startSignalStep({ ...signal, live: true, rideIdle: false })).toBe('drop');
    expect(startSignalStep({ ...signal, live: true, signedIn: false })).toBe('drop');
  });

  it('waits while the tracker reconnects, asks Connect Device once, then waits for the rider', () => {
    expect(startSignalStep({ ...signal, settling: true })).toBe('wait');
    expect(startSignalStep(signal)).toBe('connect');
    expect(startSignalStep({ ...signal, asked: true, panelOpen: true })).toBe('wait');
    expect(startSignalStep({ ...signal, asked: true, settling: true })).toBe('wait');
    expect(startSignalStep({ ...signal, panelOpen: true })).toBe('wait');
  });

  it('drops the signal once Connect Device is closed without a trainer (review M5)', () => {
    expect(startSignalStep({ ...signal, asked: true })).toBe('drop');
  });

  it('offers the ways to ride in a plain browser without a trainer', () => {
    expect(startSignalStep({ ...signal, electronMode: false })).toBe('offer');
    expect(startSignalStep({ ...signal, electronMode: false, live: true })).toBe('ride');
  });
});
