import {
  distanceMeasure,
  milesToMetres,
  type UnitSystem,
  type UserStats,
} from '@ridealong/contracts';

/** The stats card's tabs (document 001, 'Activities'; units of section 9). */
export type StatTab = 'time' | 'rides' | 'power' | 'distance';
export type StatPeriod = 'weekly' | 'monthly' | 'yearly' | 'allTime';

export type StatTabInfo = { tab: StatTab; label: string; unit: string | null };

/** The tabs, the distance one in the member's units (the API sends miles, section 9). */
export function statTabs(system: UnitSystem): ReadonlyArray<StatTabInfo> {
  return [
    { tab: 'time', label: 'Time', unit: 'mins' },
    { tab: 'rides', label: 'Rides', unit: null },
    { tab: 'power', label: 'Power', unit: 'avg. watts' },
    { tab: 'distance', label: 'Distance', unit: distanceMeasure(0, system).unit },
  ];
}

/** 'Time (mins)', 'Rides', 'Power (avg. watts)', 'Distance (mi)' or 'Distance (km)'. */
export function statTabTitle({ label, unit }: StatTabInfo): string {
  return unit ? `${label} (${unit})` : label;
}

export const STAT_PERIODS: ReadonlyArray<{ period: StatPeriod; label: string }> = [
  { period: 'weekly', label: 'This week' },
  { period: 'monthly', label: 'This month' },
  { period: 'yearly', label: 'This year' },
  { period: 'allTime', label: 'All time' },
];

/**
 * The four period values of one tab. Each period reads its own field: one reading of the
 * spec showed yearly rides from the monthly field, a defect (document 001 section 3).
 */
export function statValues(stats: UserStats, tab: StatTab): Record<StatPeriod, number> {
  switch (tab) {
    case 'time': {
      const t = stats.processed_time;
      return {
        weekly: t.weeklyTime,
        monthly: t.monthlyTime,
        yearly: t.yearlyTime,
        allTime: t.allTime,
      };
    }
    case 'rides': {
      const r = stats.processed_rides;
      return {
        weekly: r.weeklyRides,
        monthly: r.monthlyRides,
        yearly: r.yearlyRides,
        allTime: r.allRides,
      };
    }
    case 'power': {
      const p = stats.processed_power;
      return {
        weekly: p.weeklyPower,
        monthly: p.monthlyPower,
        yearly: p.yearlyPower,
        allTime: p.allPower,
      };
    }
    case 'distance': {
      const d = stats.processed_distance;
      return {
        weekly: d.weeklyDistance,
        monthly: d.monthlyDistance,
        yearly: d.yearlyDistance,
        allTime: d.allDistance,
      };
    }
  }
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const distance = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Minutes, rides and watts as whole numbers; the distance (miles from the API) in the
 * member's units to 2 decimals like the cards.
 */
export function formatStat(tab: StatTab, value: number, system: UnitSystem): string {
  if (tab !== 'distance') return whole.format(value);
  return distance.format(distanceMeasure(milesToMetres(value), system).value);
}

export type StatRow = { period: StatPeriod; label: string; value: string };

/** What one tab's panel lists, in the card's order. */
export function statRows(stats: UserStats, tab: StatTab, system: UnitSystem): StatRow[] {
  const values = statValues(stats, tab);
  return STAT_PERIODS.map(({ period, label }) => ({
    period,
    label,
    value: formatStat(tab, values[period], system),
  }));
}
