import { describe, expect, it } from 'vitest';
import type { UserStats } from '@ridealong/contracts';
import { formatStat, statRows, statTabs, statTabTitle, statValues } from './stats';

// Every field distinct, so reading a wrong field shows up.
const stats: UserStats = {
  processed_time: { weeklyTime: 61.4, monthlyTime: 250, yearlyTime: 1800.6, allTime: 12345 },
  processed_rides: { weeklyRides: 2, monthlyRides: 7, yearlyRides: 41, allRides: 90 },
  processed_power: { weeklyPower: 151.6, monthlyPower: 148, yearlyPower: 139.2, allPower: 133 },
  processed_distance: {
    weeklyDistance: 12.345,
    monthlyDistance: 40,
    yearlyDistance: 320.5,
    allDistance: 1000.004,
  },
};

describe('statValues', () => {
  it('maps each tab to its own group and each period to its own field', () => {
    expect(statValues(stats, 'time')).toEqual({
      weekly: 61.4,
      monthly: 250,
      yearly: 1800.6,
      allTime: 12345,
    });
    expect(statValues(stats, 'power')).toEqual({
      weekly: 151.6,
      monthly: 148,
      yearly: 139.2,
      allTime: 133,
    });
    expect(statValues(stats, 'distance')).toEqual({
      weekly: 12.345,
      monthly: 40,
      yearly: 320.5,
      allTime: 1000.004,
    });
  });

  it('shows yearly rides from the yearly field, not the monthly one', () => {
    expect(statValues(stats, 'rides')).toEqual({ weekly: 2, monthly: 7, yearly: 41, allTime: 90 });
  });
});

describe('formatStat', () => {
  it('rounds minutes, rides and watts to whole numbers with separators', () => {
    expect(formatStat('time', 12345.4, 'imperial')).toBe('12,345');
    expect(formatStat('power', 151.6, 'metric')).toBe('152');
    expect(formatStat('rides', 0, 'metric')).toBe('0');
  });

  it('shows miles to two decimals', () => {
    expect(formatStat('distance', 12.345, 'imperial')).toBe('12.35');
    expect(formatStat('distance', 40, 'imperial')).toBe('40.00');
  });

  it("shows the API's miles as km to two decimals for metric members", () => {
    expect(formatStat('distance', 40, 'metric')).toBe('64.37');
    expect(formatStat('distance', 1000, 'metric')).toBe('1,609.34');
    expect(formatStat('distance', 0, 'metric')).toBe('0.00');
  });
});

describe('statRows', () => {
  it('lists week, month, year and all time in order, formatted for the tab', () => {
    expect(statRows(stats, 'distance', 'imperial')).toEqual([
      { period: 'weekly', label: 'This week', value: '12.35' },
      { period: 'monthly', label: 'This month', value: '40.00' },
      { period: 'yearly', label: 'This year', value: '320.50' },
      { period: 'allTime', label: 'All time', value: '1,000.00' },
    ]);
  });

  it('has the four tabs with the spec units', () => {
    expect(statTabs('imperial').map(statTabTitle)).toEqual([
      'Time (mins)',
      'Rides',
      'Power (avg. watts)',
      'Distance (mi)',
    ]);
    expect(statTabs('metric').map(statTabTitle).at(-1)).toBe('Distance (km)');
  });
});
