import { describe, expect, it } from 'vitest';
import { JoinPlanError, planLocalJoin, snapStart } from './join-plan.js';

const packets = (durationS: number) =>
  Array.from({ length: Math.ceil(durationS / 1.001) }, (_, i) => Math.round(i * 1001) / 1000);
const gopro = (
  durationS: number,
  startOffsetS: number | null = null,
  endOffsetS: number | null = null,
) => ({
  durationS,
  startOffsetS,
  endOffsetS,
  telemetryPacketsS: packets(durationS),
});

describe('planLocalJoin', () => {
  it('keeps whole files in order without offsets', () => {
    const plan = planLocalJoin([gopro(10), gopro(20)]);
    expect(plan.segments).toEqual([
      { index: 0, startS: 0, durationS: 10 },
      { index: 1, startS: 0, durationS: 20 },
    ]);
    expect(plan).toMatchObject({ durationS: 30, telemetry: true });
  });

  it('cuts each file by its own offsets', () => {
    const plan = planLocalJoin([
      { ...gopro(10, null, 3), telemetryPacketsS: null },
      { ...gopro(20, 5, 2), telemetryPacketsS: null },
    ]);
    expect(plan.segments).toEqual([
      { index: 0, startS: 0, durationS: 7 },
      { index: 1, startS: 5, durationS: 13 },
    ]);
    expect(plan).toMatchObject({ durationS: 20, telemetry: false });
  });

  it('moves a start offset to the next telemetry packet so the slope stays aligned', () => {
    const plan = planLocalJoin([gopro(10.517, 2)]);
    expect(plan.segments).toEqual([{ index: 0, startS: 2.002, durationS: 8.515 }]);
    expect(plan.telemetry).toBe(true);
  });

  it('keeps telemetry only when every file has it', () => {
    const plan = planLocalJoin([gopro(10, 2), { ...gopro(10), telemetryPacketsS: null }]);
    expect(plan.telemetry).toBe(false);
    // Without telemetry nothing is moved.
    expect(plan.segments[0]).toEqual({ index: 0, startS: 2, durationS: 8 });
  });

  it('refuses offsets that leave less than a second, naming the file', () => {
    expect(() => planLocalJoin([gopro(10), gopro(10, 6, 4)])).toThrow(/File 2/);
    expect(() => planLocalJoin([gopro(10, 20)])).toThrow(JoinPlanError);
  });

  it('refuses no files, unreadable files and more than a day', () => {
    expect(() => planLocalJoin([])).toThrow(JoinPlanError);
    expect(() => planLocalJoin([{ ...gopro(10), durationS: 0 }])).toThrow(/File 1/);
    expect(() => planLocalJoin([gopro(50_000), gopro(50_000)])).toThrow(/24 hours/);
  });
});

describe('snapStart', () => {
  it('keeps 0 and an offset on a packet, moves forward otherwise, gives up past the bound', () => {
    const p = [0, 1.001, 2.002, 3.003];
    expect(snapStart(0, p)).toBe(0);
    expect(snapStart(2.002, p)).toBe(2.002);
    expect(snapStart(1.5, p)).toBe(2.002);
    expect(snapStart(3.5, p)).toBeNull();
  });
});
