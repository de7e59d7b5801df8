import { METRES_TO_MILES, type UserStats } from '@ridealong/contracts';

/** Sums of a member's rides over one period. */
export type PeriodSums = { rides: number; seconds: number; distance: number; power: number };
export type StatsSums = { week: PeriodSums; month: PeriodSums; year: PeriodSums; all: PeriodSums };

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};
const minutes = (p: PeriodSums) => round(p.seconds / 60, 1);
/** Average watts: accumulated watt-seconds over ridden seconds. */
const watts = (p: PeriodSums) => (p.seconds > 0 ? Math.round(p.power / p.seconds) : 0);
const miles = (p: PeriodSums) => round(p.distance * METRES_TO_MILES, 2);

/** The stats card of /activities in its units: minutes, rides, average watts, miles. */
export function presentStats(s: StatsSums): UserStats {
  return {
    processed_time: {
      weeklyTime: minutes(s.week),
      monthlyTime: minutes(s.month),
      yearlyTime: minutes(s.year),
      allTime: minutes(s.all),
    },
    processed_rides: {
      weeklyRides: s.week.rides,
      monthlyRides: s.month.rides,
      // The intended reading of the spec: yearly rides from the yearly value.
      yearlyRides: s.year.rides,
      allRides: s.all.rides,
    },
    processed_power: {
      weeklyPower: watts(s.week),
      monthlyPower: watts(s.month),
      yearlyPower: watts(s.year),
      allPower: watts(s.all),
    },
    processed_distance: {
      weeklyDistance: miles(s.week),
      monthlyDistance: miles(s.month),
      yearlyDistance: miles(s.year),
      allDistance: miles(s.all),
    },
  };
}
