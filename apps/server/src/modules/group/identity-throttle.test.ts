import { describe, expect, it } from 'vitest';
import { IDENTITY_RELAY_GAP_MS, identityThrottle } from './identity-throttle.js';

describe('identityThrottle', () => {
  it('lets one relay per key through per gap', () => {
    const may = identityThrottle();
    expect(may('pulse:1:7', 0)).toBe(true);
    expect(may('pulse:1:7', IDENTITY_RELAY_GAP_MS - 1)).toBe(false);
    expect(may('pulse:1:8', 10)).toBe(true);
    expect(may('join:1:7', 10)).toBe(true);
    expect(may('pulse:1:7', IDENTITY_RELAY_GAP_MS)).toBe(true);
  });

  it('lets a page’s pulses every 3 s through, jitter included', () => {
    const may = identityThrottle();
    const at = [0, 2900, 6000, 8950];
    expect(at.map((t) => may('pulse:1:7', t))).toEqual([true, true, true, true]);
  });
});
