/** FE-C fitness equipment state, bits 4-6 of the last byte of pages 16, 17, 25 and others. */
export type FeState = 'asleep' | 'ready' | 'in_use' | 'finished' | 'reserved';

const STATES: readonly FeState[] = ['reserved', 'asleep', 'ready', 'in_use', 'finished'];

export interface FeStatus {
  feState: FeState;
  /** Bit 7: toggles at each lap. */
  lapToggle: boolean;
}

export function decodeFeStatus(byte: number): FeStatus {
  return {
    feState: STATES[(byte >> 4) & 0x07] ?? 'reserved',
    lapToggle: (byte & 0x80) !== 0,
  };
}
