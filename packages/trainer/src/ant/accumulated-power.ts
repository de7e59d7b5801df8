import { rolloverDelta } from '../codec/rollover.js';

/** The two wrapping counters ANT+ power pages (bike power page 16, FE-C page 25) carry. */
export interface PowerEventCounters {
  /** Wraps at 256. */
  updateEventCount: number;
  /** Wraps at 65536 W. */
  accumulatedPowerW: number;
}

/**
 * Average power over the events between two pages: delta accumulated power / delta events,
 * both rollover-safe. Null when no new event happened (the page was a repeat). A gap of 256
 * events or more cannot be told from a smaller one; receivers see every page at 4 Hz, so a
 * gap that long means the link was lost and the caller should restart from the new page.
 */
export function averagePowerBetweenEvents(
  previous: PowerEventCounters,
  current: PowerEventCounters,
): number | null {
  const events = rolloverDelta(previous.updateEventCount, current.updateEventCount, 0x100);
  if (events === 0) return null;
  return rolloverDelta(previous.accumulatedPowerW, current.accumulatedPowerW, 0x10000) / events;
}
