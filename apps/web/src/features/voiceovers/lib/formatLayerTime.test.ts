import { describe, expect, it } from 'vitest';
import { formatLayerDuration, formatLayerTime } from './formatLayerTime';

describe('formatLayerTime', () => {
  it('shows minutes, seconds and tenths', () => {
    expect(formatLayerTime(0)).toBe('0:00.0');
    expect(formatLayerTime(5.04)).toBe('0:05.0');
    expect(formatLayerTime(65.25)).toBe('1:05.3');
    expect(formatLayerTime(3725.5)).toBe('1:02:05.5');
    expect(formatLayerTime(-3)).toBe('0:00.0');
  });
});

describe('formatLayerDuration', () => {
  it('shows seconds under a minute, then minutes and seconds', () => {
    expect(formatLayerDuration(2.44)).toBe('2.4 s');
    expect(formatLayerDuration(65.4)).toBe('1 min 5 s');
  });
});
