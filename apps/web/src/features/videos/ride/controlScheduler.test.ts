import { describe, expect, it } from 'vitest';
import type { ControlEntry } from '@ridealong/contracts';
import {
  controlAt,
  controlToSend,
  controlWindow,
  hasSlopeData,
  mergeControls,
  TRAINER_RESPONSE_LEAD_SECONDS,
  windowsToRequest,
} from './controlScheduler';

const entry = (elapsed_time: number, slope: number): ControlEntry => ({
  elapsed_time,
  slope,
  road_feel_type: 'none',
  road_feel_intensity: 0,
  timestamp: elapsed_time * 1000,
});

describe('windowsToRequest', () => {
  it('asks for each 10 s window 5 s before it begins', () => {
    const asked = new Set<number>();
    const log: [number, number[]][] = [];
    for (let t = 0; t <= 26; t += 0.5) {
      const due = windowsToRequest(t, asked, 100);
      for (const w of due) asked.add(w);
      if (due.length > 0) log.push([t, due]);
    }
    expect(log).toEqual([
      [0, [0]],
      [5, [1]],
      [15, [2]],
      [25, [3]],
    ]);
  });

  it('asks for the current window (and the next when near) after a seek', () => {
    expect(windowsToRequest(42, new Set([0, 1]), null)).toEqual([4]);
    expect(windowsToRequest(47, new Set([0, 1]), null)).toEqual([4, 5]);
  });

  it('asks nothing past the end of the video', () => {
    expect(windowsToRequest(26, new Set([0, 1, 2]), 30)).toEqual([]);
    expect(windowsToRequest(26, new Set([0, 1]), 30)).toEqual([2]);
  });

  it('maps an index to seconds of video', () => {
    expect(controlWindow(3)).toEqual({ startOfNeeded: 30, endOfNeeded: 40 });
  });
});

describe('controls', () => {
  const controls = mergeControls([entry(10, 3), entry(0, 1)], [entry(5, 2), entry(10, 4)]);

  it('merges answers sorted by second, a later answer replacing an earlier one', () => {
    expect(controls.map((c) => [c.elapsed_time, c.slope])).toEqual([
      [0, 1],
      [5, 2],
      [10, 4],
    ]);
  });

  it('finds the entry in force at a video time', () => {
    expect(controlAt(controls, 4.9)?.slope).toBe(1);
    expect(controlAt(controls, 5)?.slope).toBe(2);
    expect(controlAt(controls, 99)?.slope).toBe(4);
    expect(controlAt(mergeControls([], [entry(3, 1)]), 2)).toBeNull();
  });

  it('sends the slope ahead of the picture by the trainer response lead, once per change', () => {
    expect(TRAINER_RESPONSE_LEAD_SECONDS).toBe(1);
    const first = controlToSend(controls, 3.5, null);
    expect(first).toEqual({ slope: 1, road_feel_type: 'none', road_feel_intensity: 0 });
    expect(controlToSend(controls, 3.8, first)).toBeNull();
    // At 4.0 s of video the road at 5.0 s (slope 2) is sent.
    expect(controlToSend(controls, 4, first)?.slope).toBe(2);
  });

  it('knows which videos carry slope data', () => {
    expect([0, 1, 2, 3].map(hasSlopeData)).toEqual([false, true, true, false]);
  });
});
