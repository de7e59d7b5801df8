import { describe, expect, it } from 'vitest';
import { floodGate, type FloodGate } from './flood-gate.js';

const admitted = (gate: FloodGate, times: number, at: number) =>
  Array.from({ length: times }, () => gate.admit(at)).filter(Boolean).length;

describe('floodGate', () => {
  it('lets a burst through, then refuses until time refills it', () => {
    const gate = floodGate({ burst: 5, perSecond: 2 });
    expect(admitted(gate, 8, 1000)).toBe(5);
    expect(gate.admit(1200)).toBe(false); // 0.4 of a token
    expect(gate.admit(1500)).toBe(true); // 1 token after 0.5 s
    expect(admitted(gate, 9, 3500)).toBe(4); // 2 s: 4 tokens
  });

  it('never fills past the burst, and a clock that goes back grants nothing', () => {
    const gate = floodGate({ burst: 3, perSecond: 10 });
    expect(admitted(gate, 3, 0)).toBe(3);
    expect(admitted(gate, 10, 60_000)).toBe(3);
    expect(gate.admit(30_000)).toBe(false);
  });

  it('a ride page at its own pace is never refused (the default 20 a second, 60 at once)', () => {
    const gate = floodGate({ perSecond: 20, burst: 60 });
    let refused = 0;
    // 2 events a second for an hour, then a reconnect resending 36 batches 5 ms apart.
    for (let t = 0; t < 3_600_000; t += 500) if (!gate.admit(t)) refused += 1;
    for (let i = 0; i < 36; i += 1) if (!gate.admit(3_600_000 + i * 5)) refused += 1;
    expect(refused).toBe(0);
  });
});
