/** A ride's values at one second of a video (its last second when it had ended). */
export type StandingRow = {
  trackId: number;
  /** Accumulated power (watt-seconds): the standings' order. */
  sum: number;
  power: number;
  heartRate: number;
  cadence: number;
  distance: number;
};

/** Float32 keeps about 7 significant digits: shown values are given back to 3 decimals. */
const shown = (v: number) => Math.round(v * 1000) / 1000;

/**
 * One second of a video's history: every earlier saved ride at that second (its accumulated
 * power then, or its final sum when it had ended), best first, ties by track id. Kept as typed
 * arrays (36 bytes a ride) so that a popular video's standings stay compact and an answer is a
 * binary search and a few array reads, whatever the number of rides, with no database query.
 */
export class Standings {
  private sums: Float64Array;
  private ids: Int32Array;
  private distances: Float64Array;
  /** power, heart rate, cadence: three per ride. */
  private values: Float32Array;
  private size = 0;

  constructor(capacity = 16) {
    const c = Math.max(capacity, 1);
    this.sums = new Float64Array(c);
    this.ids = new Int32Array(c);
    this.distances = new Float64Array(c);
    this.values = new Float32Array(c * 3);
  }

  /** From rows already sorted best first (sum desc, then track id asc). */
  static sorted(rows: readonly StandingRow[]): Standings {
    const out = new Standings(rows.length + Math.ceil(rows.length / 8));
    rows.forEach((r, i) => out.write(i, r));
    out.size = rows.length;
    return out;
  }

  get length(): number {
    return this.size;
  }

  /** What the arrays hold, for the cache's memory budget. */
  get bytes(): number {
    return (
      this.sums.byteLength +
      this.ids.byteLength +
      this.distances.byteLength +
      this.values.byteLength
    );
  }

  trackAt(position: number): number {
    return this.ids[position] ?? 0;
  }

  rowAt(position: number): StandingRow {
    const v = position * 3;
    return {
      trackId: this.ids[position] ?? 0,
      sum: this.sums[position] ?? 0,
      power: shown(this.values[v] ?? 0),
      heartRate: shown(this.values[v + 1] ?? 0),
      cadence: shown(this.values[v + 2] ?? 0),
      distance: this.distances[position] ?? 0,
    };
  }

  /** How many rides have a sum above `sum`: a live rider ties ahead of earlier rides. */
  countAbove(sum: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.sums[mid] ?? 0) > sum) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The position of a ride known to have this sum here, or -1 when it is not in. */
  positionOf(sum: number, trackId: number): number {
    const at = this.slot(sum, trackId);
    return at < this.size && this.ids[at] === trackId ? at : -1;
  }

  /** Adds a ride (one saved after these standings were made); O(n) for the move. */
  insert(row: StandingRow): void {
    if (this.positionOf(row.sum, row.trackId) >= 0) return;
    if (this.size === this.sums.length) this.grow();
    const at = this.slot(row.sum, row.trackId);
    this.sums.copyWithin(at + 1, at, this.size);
    this.ids.copyWithin(at + 1, at, this.size);
    this.distances.copyWithin(at + 1, at, this.size);
    this.values.copyWithin((at + 1) * 3, at * 3, this.size * 3);
    this.write(at, row);
    this.size += 1;
  }

  /** Where a ride with this sum and track id stands (or would), in the standings' order. */
  private slot(sum: number, trackId: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const s = this.sums[mid] ?? 0;
      if (s > sum || (s === sum && (this.ids[mid] ?? 0) < trackId)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private write(at: number, r: StandingRow): void {
    this.sums[at] = r.sum;
    this.ids[at] = r.trackId;
    this.distances[at] = r.distance;
    this.values.set([r.power, r.heartRate, r.cadence], at * 3);
  }

  private grow(): void {
    const next = new Standings(Math.max(16, Math.ceil(this.sums.length * 1.25)));
    next.sums.set(this.sums.subarray(0, this.size));
    next.ids.set(this.ids.subarray(0, this.size));
    next.distances.set(this.distances.subarray(0, this.size));
    next.values.set(this.values.subarray(0, this.size * 3));
    this.sums = next.sums;
    this.ids = next.ids;
    this.distances = next.distances;
    this.values = next.values;
  }
}

export type Ranked = { sum: number; trackId: number };

/** The standings' order: higher sum first, then the lower track id. Negative when a is ahead. */
export const better = (a: Ranked, b: Ranked) => b.sum - a.sum || a.trackId - b.trackId;

/** Where a ride goes among rides sorted by final sum, best first (binary search). */
export function endedSlot(
  ended: ReadonlyArray<{ finalSum: number; trackId: number }>,
  ride: { finalSum: number; trackId: number },
): number {
  let lo = 0;
  let hi = ended.length;
  const r = { sum: ride.finalSum, trackId: ride.trackId };
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const e = ended[mid];
    if (e && better({ sum: e.finalSum, trackId: e.trackId }, r) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Two lists sorted best first -> one. */
export function mergeSorted<T extends Ranked>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  for (;;) {
    const x = a[i];
    const y = b[j];
    if (x && (!y || better(x, y) <= 0)) {
      out.push(x);
      i++;
    } else if (y) {
      out.push(y);
      j++;
    } else {
      return out;
    }
  }
}
