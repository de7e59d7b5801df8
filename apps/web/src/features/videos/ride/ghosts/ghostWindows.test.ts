import { describe, expect, it } from 'vitest';
import { GhostWindows, windowOf, windowsToFetch } from './ghostWindows';
import { pointsWindow } from './ghostFixtures';

describe('windowsToFetch', () => {
  it('asks for the current and the next window, each once', () => {
    expect(windowOf(0)).toBe(0);
    expect(windowOf(119.9)).toBe(0);
    expect(windowOf(120)).toBe(120);
    expect(windowOf(-3)).toBe(0);
    expect(windowsToFetch(0, new Set(), null)).toEqual([0, 120]);
    expect(windowsToFetch(130, new Set([0, 120]), null)).toEqual([240]);
    expect(windowsToFetch(130, new Set([0, 120, 240]), null)).toEqual([]);
  });

  it('stops after the window every ghost ended in', () => {
    expect(windowsToFetch(130, new Set([0]), 120)).toEqual([120]);
    expect(windowsToFetch(250, new Set([0, 120]), 120)).toEqual([]);
  });
});

describe('GhostWindows', () => {
  const tracks = { 1: { speed: 10, power: 280 }, 2: { speed: 5, power: 140 } };

  it('places a ghost by the ride second and gives the gap both ways', () => {
    const w = new GhostWindows();
    w.add(pointsWindow(0, tracks), [1, 2]);
    w.add(pointsWindow(120, tracks), [1, 2]);
    // The rider at 500 m after 60 s: ghost 1 is at 600 m and was here at 50 s.
    expect(w.place(1, 60, 500)).toEqual({
      distance: 600,
      gapMetres: 100,
      gapSeconds: 10,
      gapEstimated: false,
      power: 280,
    });
    // Ghost 2 is at 300 m and reaches 500 m at 100 s: 40 s behind.
    expect(w.place(2, 60, 500)).toMatchObject({ distance: 300, gapMetres: -200, gapSeconds: -40 });
    // Across the window's edge, interpolated.
    expect(w.place(1, 119.5, 0)?.distance).toBe(1195);
  });

  it('says nothing until the window of the second is in', () => {
    const w = new GhostWindows();
    expect(w.place(1, 10, 0)).toBeNull();
    w.add(pointsWindow(0, tracks), [1, 2]);
    expect(w.place(1, 130, 0)).toBeNull();
    expect(w.place(9, 10, 0)).toBeNull();
  });

  it('estimates the seconds at the ghost pace when the points in hand do not tell', () => {
    const w = new GhostWindows();
    w.add(pointsWindow(0, tracks), [1, 2]);
    // Ghost 2 reaches 2000 m at 400 s, past the windows in hand: 1700 m at 5 m/s.
    expect(w.place(2, 60, 2000)).toMatchObject({
      gapMetres: -1700,
      gapSeconds: -340,
      gapEstimated: true,
    });
    expect(w.place(2, 60, 500)).toMatchObject({ gapSeconds: -40, gapEstimated: false });
    // A ride resumed at 240 s: what ghost 1 did before is not here (1500 m at 10 m/s).
    const later = new GhostWindows();
    later.add(pointsWindow(240, tracks), [1, 2]);
    expect(later.place(1, 250, 1000)).toMatchObject({
      distance: 2500,
      gapSeconds: 150,
      gapEstimated: true,
    });
    // 3 s held: too few for a pace.
    expect(later.place(1, 243, 1000)).toMatchObject({ gapSeconds: null, gapEstimated: false });
  });

  it('holds a finished ghost at its last metre without power, and marks the end', () => {
    const w = new GhostWindows();
    const ends = {
      1: { speed: 10, power: 280, endAt: 150 },
      2: { speed: 5, power: 1, endAt: 100 },
    };
    w.add(pointsWindow(0, ends), [1, 2]);
    expect(w.endFrom).toBeNull();
    w.add(pointsWindow(120, ends), [1, 2]);
    expect(w.endFrom).toBe(120);
    expect(w.place(1, 200, 1600)).toEqual({
      distance: 1490,
      gapMetres: -110,
      gapSeconds: null, // its ride ended short of the rider: no estimate either
      gapEstimated: false,
      power: null,
    });
    expect(w.place(2, 130, 0)?.distance).toBe(495);
    expect(w.place(1, 140, 0)?.power).toBe(280);
  });
});
