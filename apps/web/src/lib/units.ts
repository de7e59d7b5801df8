import { unitSystemOf, type UnitSystem } from '@ridealong/contracts';
import { useUserStore } from '../stores/user';

/**
 * The signed-in member's unit system (profile), imperial for guests and by default. Every page
 * formats distances, speeds, climbs, weights and heights through this and the contracts'
 * formatters (formatDistance, formatSpeed, formatElevation, weightMeasure, heightMeasure).
 */
export function useUnits(): UnitSystem {
  return useUserStore((s) => unitSystemOf(s.user.units));
}

/** The same, outside React (loops, sockets). */
export const currentUnits = (): UnitSystem => unitSystemOf(useUserStore.getState().user.units);
