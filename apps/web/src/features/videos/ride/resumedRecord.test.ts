import { describe, expect, it } from 'vitest';
import type { SummaryPoint } from '@ridealong/contracts';
import { earlierSeconds } from './resumedRecord';

const at = (elapsed_time: number, power: number, grade: number | null = null): SummaryPoint => ({
  elapsed_time,
  power,
  heart_rate: 140,
  cadence: 90,
  distance: elapsed_time * 8,
  grade,
});
const seconds = (points: readonly SummaryPoint[]) => points.map((p) => p.elapsed_time);

describe('earlierSeconds', () => {
  it("puts the server's seconds and the buffered ones it lacks in order, one per second", () => {
    const pushed = [0, 1, 2, 3, 4, 5].map((s) => at(s, 200, 2));
    // 4 and 5 were pushed but their ack was lost: still buffered; 6 to 8 never reached it.
    const buffered = [8, 4, 6, 5, 7].map((s) => at(s, 300));
    const merged = earlierSeconds(pushed, buffered, 8);
    expect(seconds(merged)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // A second both have is the server's (with its road).
    expect(merged.slice(3, 7).map((p) => [p.power, p.grade])).toEqual([
      [200, 2],
      [200, 2],
      [200, 2],
      [300, null],
    ]);
  });

  it('keeps nothing past the kept last second', () => {
    const merged = earlierSeconds(
      [0, 1, 2, 9].map((s) => at(s, 200)),
      [3, 4, 10].map((s) => at(s, 1)),
      4,
    );
    expect(seconds(merged)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the gaps of the ride, and stands on either side alone', () => {
    expect(
      seconds(
        earlierSeconds(
          [0, 1, 5].map((s) => at(s, 200)),
          [],
          9,
        ),
      ),
    ).toEqual([0, 1, 5]);
    expect(
      seconds(
        earlierSeconds(
          [],
          [3, 2].map((s) => at(s, 200)),
          9,
        ),
      ),
    ).toEqual([2, 3]);
    expect(earlierSeconds([], [], 9)).toEqual([]);
  });
});
