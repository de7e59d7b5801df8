import { distanceMeasure, formatHms, type Track, type UnitSystem } from '@ridealong/contracts';

/**
 * Average watts: accumulated power (watt-seconds) over ridden seconds, rounded (document 001
 * section 9). A zero-length ride has no average, shown as 0.
 */
export function averagePower(track: Pick<Track, 'accumulated_power' | 'duration'>): number {
  if (!(track.duration > 0)) return 0;
  return Math.round(track.accumulated_power / track.duration);
}

/** A ride's start day, e.g. 'Mar 4, 2025'; an unreadable timestamp shows nothing. */
export function formatActivityDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

export type ActivitySummary = { date: string; duration: string; distance: string; power: string };

/** The figures an activity card shows, formatted; the distance in the member's units. */
export function activitySummary(
  track: Track,
  system: UnitSystem,
  locale?: string,
): ActivitySummary {
  const distance = distanceMeasure(track.total_distance, system);
  return {
    date: formatActivityDate(track.timestamp, locale),
    duration: formatHms(track.duration),
    distance: `${distance.value.toFixed(2)} ${distance.unit}`,
    power: `${averagePower(track)} W`,
  };
}
