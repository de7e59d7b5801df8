import { describe, expect, it } from 'vitest';
import { gpsSamplesFromTelemetry } from './gpmf.js';

describe('gpsSamplesFromTelemetry', () => {
  it('reads GPS5 with fix and precision repeated on each reading', () => {
    const result = {
      1: {
        'device name': 'GoPro Max',
        streams: {
          GPS5: {
            samples: [
              {
                cts: 101.994,
                value: [33.12677, -117.3273436, -22.959, 1.046, 1],
                fix: 3,
                precision: 154,
              },
              {
                cts: 157.15,
                value: [33.1267696, -117.3273433, -22.941, 1.088, 1.05],
                sticky: { fix: 2, precision: 600 },
              },
            ],
          },
        },
      },
      'frames/second': 29.97,
    };
    expect(gpsSamplesFromTelemetry(result)).toEqual([
      {
        t: 0.101994,
        lat: 33.12677,
        lon: -117.3273436,
        eleM: -22.959,
        speedMps: 1.046,
        fix: 3,
        dop: 154,
      },
      {
        t: 0.15715,
        lat: 33.1267696,
        lon: -117.3273433,
        eleM: -22.941,
        speedMps: 1.088,
        fix: 2,
        dop: 600,
      },
    ]);
  });

  it('prefers GPS9, whose DOP is unscaled and fix is per reading', () => {
    const result = {
      1: {
        streams: {
          GPS5: { samples: [{ cts: 0, value: [1, 2, 3, 4, 5] }] },
          GPS9: {
            samples: [{ cts: 1000, value: [46.5, 6.6, 400, 8.5, 8.6, 8000, 3600, 1.25, 3] }],
          },
        },
      },
    };
    expect(gpsSamplesFromTelemetry(result)).toEqual([
      { t: 1, lat: 46.5, lon: 6.6, eleM: 400, speedMps: 8.5, fix: 3, dop: 125 },
    ]);
  });

  it('returns nothing for output without GPS', () => {
    expect(gpsSamplesFromTelemetry({ 1: { streams: { ACCL: { samples: [] } } } })).toEqual([]);
    expect(gpsSamplesFromTelemetry(null)).toEqual([]);
  });
});
