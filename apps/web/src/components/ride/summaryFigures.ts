import {
  formatDistance,
  formatElevation,
  formatHms,
  type RideSummary,
  type UnitSystem,
} from '@ridealong/contracts';

export type SummaryFigure = { label: string; value: string; testId: string };

/**
 * A ride summary as the labelled figures people read, in the member's units. A figure the ride
 * could not have (no slope data, no weight in the profile, no heart rate monitor) says why.
 */
export function summaryFigures(summary: RideSummary, units: UnitSystem): SummaryFigure[] {
  const heart =
    summary.averageHeartRate === null
      ? 'no heart rate'
      : `${summary.averageHeartRate} avg / ${summary.maxHeartRate ?? 0} max bpm`;
  return [
    { label: 'Time', value: formatHms(summary.seconds), testId: 'summary-time' },
    {
      label: 'Distance',
      value: formatDistance(summary.distance, units),
      testId: 'summary-distance',
    },
    {
      label: 'Climb',
      value: summary.climb === null ? 'no slope data' : formatElevation(summary.climb, units),
      testId: 'summary-climb',
    },
    { label: 'Avg. power', value: `${summary.averagePower} W`, testId: 'summary-avg-power' },
    { label: 'Max power', value: `${summary.maxPower} W`, testId: 'summary-max-power' },
    {
      label: 'W/kg',
      value:
        summary.wattsPerKg === null
          ? 'set your weight in your profile'
          : `${summary.wattsPerKg.toFixed(2)} W/kg`,
      testId: 'summary-wkg',
    },
    { label: 'Heart rate', value: heart, testId: 'summary-heart-rate' },
    {
      label: 'Avg. cadence',
      value: summary.averageCadence === null ? 'no cadence' : `${summary.averageCadence} rpm`,
      testId: 'summary-cadence',
    },
  ];
}
