import {
  distanceMeasure,
  elevationMeasure,
  formatHms,
  MAX_GHOSTS,
  type GhostRide,
  type GhostsResponse,
  type UnitSystem,
} from '@ridealong/contracts';
import type { GhostPlace } from './ghostWindows';

/** The rules of the ghost picker and the ghost board; pure, the components only draw them. */

/** The rider's pick: the app's choice, or the track ids they ticked (at most MAX_GHOSTS). */
export type GhostPick = 'auto' | readonly number[];

export type CandidateGroup = { key: 'own' | 'leaders' | 'around'; label: string };
export type Candidate = { ride: GhostRide; group: CandidateGroup; own: boolean };

const GROUPS = {
  own: { key: 'own', label: 'Your best' },
  leaders: { key: 'leaders', label: 'Leaders' },
  around: { key: 'around', label: 'Around you' },
} as const satisfies Record<string, CandidateGroup>;

/** Every candidate once, in the order offered: own best, the leaders, the rides around it. */
export function candidatesOf(data: GhostsResponse): Candidate[] {
  const seen = new Set<number>();
  const out: Candidate[] = [];
  const add = (ride: GhostRide, group: CandidateGroup) => {
    if (seen.has(ride.track_id)) return;
    seen.add(ride.track_id);
    out.push({ ride, group, own: ride.track_id === data.own?.track_id });
  };
  if (data.own) add(data.own, GROUPS.own);
  for (const r of data.leaders) add(r, GROUPS.leaders);
  for (const r of data.around) add(r, GROUPS.around);
  return out;
}

/** What a candidate did: a finisher's time, else the distance it reached. */
export function candidateResult(ride: GhostRide, units: UnitSystem): string {
  if (ride.finished) return formatHms(ride.seconds);
  const d = distanceMeasure(ride.distance, units, 1);
  return `${d.value} ${d.unit}`;
}

/** The ticked ids (what the app would take, for 'auto'). */
export function pickedIds(pick: GhostPick, data: GhostsResponse | undefined): readonly number[] {
  if (pick !== 'auto') return pick;
  return data?.chosen ?? [];
}

/**
 * Ticking or unticking a candidate: from 'auto' it starts from the app's choice, so the rider
 * adjusts what they see. Past MAX_GHOSTS nothing is added.
 */
export function togglePick(
  pick: GhostPick,
  data: GhostsResponse | undefined,
  track: number,
): GhostPick {
  const ids = pickedIds(pick, data);
  if (ids.includes(track)) return ids.filter((t) => t !== track);
  if (ids.length >= MAX_GHOSTS) return ids;
  return [...ids, track];
}

/** The ghosts a ride starts with, in the order offered (unknown ids dropped). */
export function ghostsForRide(pick: GhostPick, data: GhostsResponse): GhostRide[] {
  const ids = new Set(pickedIds(pick, data));
  return candidatesOf(data)
    .map((c) => c.ride)
    .filter((r) => ids.has(r.track_id))
    .slice(0, MAX_GHOSTS);
}

export type BoardRow = {
  key: string;
  name: string;
  self: boolean;
  /** Metres along the route; null for a ghost whose points are not in yet. */
  distance: number | null;
  gapSeconds: number | null;
  /** gapSeconds is an estimate at the ghost's pace (shown '≈'). */
  gapEstimated: boolean;
  gapMetres: number | null;
  wkg: number | null;
};

/** W/kg to one decimal, or null without a weight or a power. */
export function wattsPerKg(power: number | null | undefined, weight: number | null | undefined) {
  if (power == null || weight == null || !(weight > 0)) return null;
  return Math.round((power / weight) * 10) / 10;
}

/** The rider and the ghosts, farthest first; ghosts not yet placed at the bottom. */
export function boardRows(
  rider: { distance: number; power: number | null; weight: number | null },
  ghosts: readonly { ride: GhostRide; place: GhostPlace | null }[],
): BoardRow[] {
  const rows: BoardRow[] = [
    {
      key: 'self',
      name: 'You',
      self: true,
      distance: rider.distance,
      gapSeconds: null,
      gapEstimated: false,
      gapMetres: null,
      wkg: wattsPerKg(rider.power, rider.weight),
    },
    ...ghosts.map(({ ride, place }) => ({
      key: String(ride.track_id),
      name: ride.display_name || 'Rider',
      self: false,
      distance: place?.distance ?? null,
      gapSeconds: place?.gapSeconds ?? null,
      gapEstimated: place?.gapEstimated ?? false,
      gapMetres: place?.gapMetres ?? null,
      wkg: wattsPerKg(place?.power, ride.weight),
    })),
  ];
  // Stable: on a tie the rider stays above the ghost.
  return rows.sort((a, b) => (b.distance ?? -Infinity) - (a.distance ?? -Infinity));
}

const MINUS = '\u2212';
const signed = (value: number, unit: string) =>
  value === 0 ? `0 ${unit}` : `${value > 0 ? '+' : MINUS}${Math.abs(value)} ${unit}`;

/**
 * '+12 s' (the ghost ahead by 12 s), '−1:05' past a minute, '≈−3:20' when estimated at the
 * ghost's pace; '' when unknown.
 */
export function formatGapSeconds(seconds: number | null, estimated = false): string {
  if (seconds === null) return '';
  if (estimated) return `\u2248${formatGapSeconds(seconds)}`;
  const whole = Math.round(seconds);
  if (Math.abs(whole) < 60) return signed(whole, 's');
  const abs = Math.abs(whole);
  const text =
    abs < 3600 ? `${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}` : formatHms(abs);
  return `${whole > 0 ? '+' : MINUS}${text}`;
}

/**
 * '−85 m' or '+280 ft' near, '+1.2 km' / '+0.75 mi' far, in the member's units; '' when
 * unknown.
 */
export function formatGapMetres(metres: number | null, units: UnitSystem): string {
  if (metres === null) return '';
  const near = elevationMeasure(metres, units);
  if (Math.abs(near.value) < 1000) return signed(near.value, near.unit);
  const far = distanceMeasure(metres, units, units === 'metric' ? 1 : 2);
  return signed(far.value, far.unit);
}

/** '3.2 W/kg', or '—' without a weight or a power. */
export const formatWkg = (wkg: number | null) => (wkg === null ? '—' : `${wkg.toFixed(1)} W/kg`);
