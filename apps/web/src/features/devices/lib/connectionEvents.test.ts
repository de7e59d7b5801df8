import { describe, expect, it } from 'vitest';
import { IDLE_CONNECTION, type TrackerConnection } from '../../../stores/tracker';
import { reduceConnection, refusalOf, type TrackerClientEvent } from './connectionEvents';

function run(...events: TrackerClientEvent[]): TrackerConnection {
  return events.reduce(reduceConnection, IDLE_CONNECTION);
}

describe('reduceConnection', () => {
  it('goes from connecting to connected', () => {
    expect(run({ type: 'start' })).toMatchObject({ source: 'tracker', status: 'connecting' });
    expect(run({ type: 'start' }, { type: 'connect' })).toMatchObject({
      status: 'connected',
      attempt: 0,
    });
  });

  it('counts the retries out of 5, each shown while it is pending, then ends not running', () => {
    const fail = { type: 'connect_error', refusal: null } as const;
    const seen: number[] = [];
    let s = run({ type: 'start' }, fail);
    seen.push(s.attempt);
    for (let n = 1; n <= 5; n += 1) {
      s = reduceConnection(s, { type: 'reconnect_attempt', attempt: n });
      expect(s).toMatchObject({ status: 'retrying', attempt: n, maxAttempts: 5 });
      s = reduceConnection(s, fail);
      if (n < 5) seen.push(s.attempt);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(s.attempt).toBe(5); // never "6 of 5"
    expect(reduceConnection(s, { type: 'reconnect_failed' })).toMatchObject({
      status: 'not_running',
      attempt: 0,
    });
  });

  it('ignores transport errors once connected or idle', () => {
    const fail = { type: 'connect_error', refusal: null } as const;
    expect(reduceConnection(IDLE_CONNECTION, fail)).toEqual(IDLE_CONNECTION);
  });

  it('connects after a retry', () => {
    const s = run(
      { type: 'start' },
      { type: 'reconnect_attempt', attempt: 3 },
      { type: 'connect' },
    );
    expect(s).toMatchObject({ status: 'connected', attempt: 0 });
  });

  it('reports a refused origin with its message', () => {
    const s = run(
      { type: 'start' },
      { type: 'connect_error', refusal: { reason: 'origin_not_allowed', message: 'Nope' } },
    );
    expect(s).toMatchObject({ status: 'refused', message: 'Nope' });
  });

  it('maps the disconnect reasons', () => {
    const connected = run({ type: 'start' }, { type: 'connect' });
    const by = (reason: string) => reduceConnection(connected, { type: 'disconnect', reason });
    expect(by('io client disconnect')).toEqual(IDLE_CONNECTION);
    expect(by('io server disconnect').status).toBe('not_running');
    expect(by('transport close')).toMatchObject({ status: 'retrying', attempt: 1 });
  });
});

describe('refusalOf', () => {
  it('reads the tracker refusal from connect_error data', () => {
    const err = Object.assign(new Error('refused'), {
      data: { reason: 'origin_not_allowed', message: 'Origin x is not allowed' },
    });
    expect(refusalOf(err)).toEqual({
      reason: 'origin_not_allowed',
      message: 'Origin x is not allowed',
    });
  });

  it('is null for transport errors and other data', () => {
    expect(refusalOf(new Error('websocket error'))).toBeNull();
    expect(refusalOf({ data: { reason: 'other' } })).toBeNull();
    expect(refusalOf(null)).toBeNull();
  });
});
