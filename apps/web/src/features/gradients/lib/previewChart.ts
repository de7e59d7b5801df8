import {
  formatDistance,
  formatElevation,
  type GpxPreview,
  type UnitSystem,
} from '@ridealong/contracts';
import { formatBadgeDuration } from '../../../lib/formatDuration';

/**
 * The preview's picture: elevation above, slope below, both across the video's seconds
 * (0 to its duration), so the owner sees where the climb lands in the video. Pure geometry in
 * a WIDTH x HEIGHT box; the component only draws it.
 */
export const CHART = {
  width: 600,
  /** The elevation band's height; the slope band sits under it. */
  elevationHeight: 120,
  slopeHeight: 60,
  /** Space between the bands and around the lines, so they never touch an edge. */
  pad: 6,
} as const;
export const CHART_HEIGHT = CHART.elevationHeight + CHART.slopeHeight;

/** A flat track still draws a band this many metres tall, as the route profile does. */
const MIN_ELEVATION_SPAN_M = 20;
/** The slope band spans at least ±5 %, so gentle roads do not look like walls. */
const MIN_SLOPE_SPAN = 5;

export type PreviewGeometry = {
  elevationLine: string;
  elevationArea: string;
  slopeLine: string;
  /** The y of 0 % in the slope band. */
  zeroSlopeY: number;
  /** The x of the covered range's ends (the GPS track's first and last video seconds). */
  coveredFromX: number;
  coveredToX: number;
};

const round = (n: number) => Math.round(n * 10) / 10;

export function previewGeometry(preview: GpxPreview): PreviewGeometry {
  const { width, elevationHeight, slopeHeight, pad } = CHART;
  const duration = Math.max(preview.duration_s, 1);
  const x = (t: number) => round((Math.min(Math.max(t, 0), duration) / duration) * width);
  const coveredFromX = x(preview.covered_from_s);
  const coveredToX = x(preview.covered_to_s);
  const points = preview.points;
  const slopeTop = elevationHeight + pad;
  const slopeMid = slopeTop + (slopeHeight - 2 * pad) / 2;
  if (points.length < 2) {
    return {
      elevationLine: '',
      elevationArea: '',
      slopeLine: '',
      zeroSlopeY: round(slopeMid),
      coveredFromX,
      coveredToX,
    };
  }
  const elevations = points.map((p) => p[2]);
  const lo = Math.min(...elevations);
  const span = Math.max(Math.max(...elevations) - lo, MIN_ELEVATION_SPAN_M);
  const yElevation = (e: number) =>
    round(elevationHeight - pad - ((e - lo) / span) * (elevationHeight - 2 * pad));
  const slopeSpan = Math.max(MIN_SLOPE_SPAN, ...points.map((p) => Math.abs(p[3])));
  const ySlope = (s: number) => round(slopeMid - (s / slopeSpan) * ((slopeHeight - 2 * pad) / 2));
  const path = (y: (p: GpxPreview['points'][number]) => number) =>
    points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p[0])} ${y(p)}`).join(' ');
  const elevationLine = path((p) => yElevation(p[2]));
  const first = x(points[0]![0]);
  const last = x(points[points.length - 1]![0]);
  return {
    elevationLine,
    elevationArea: `${elevationLine} L${last} ${elevationHeight} L${first} ${elevationHeight} Z`,
    slopeLine: path((p) => ySlope(p[3])),
    zeroSlopeY: round(slopeMid),
    coveredFromX,
    coveredToX,
  };
}

/** The steepest climb and descent of the preview, in whole percent. */
export function slopeRange(preview: GpxPreview): { min: number; max: number } {
  if (preview.points.length === 0) return { min: 0, max: 0 };
  const slopes = preview.points.map((p) => p[3]);
  return { min: Math.round(Math.min(...slopes)), max: Math.round(Math.max(...slopes)) };
}

/** Whether the GPS track covers the whole video (otherwise the ends repeat its first or last point). */
export const coversWholeVideo = (preview: GpxPreview): boolean =>
  preview.covered_from_s <= 0 && preview.covered_to_s >= preview.duration_s;

/** Which seconds of the video the GPS track covers, in words. */
export function coveredText(preview: GpxPreview): string {
  const from = formatBadgeDuration(preview.covered_from_s);
  const to = formatBadgeDuration(preview.covered_to_s);
  const whole = formatBadgeDuration(preview.duration_s);
  return coversWholeVideo(preview)
    ? `The GPS track covers the whole video (${whole}).`
    : `The GPS track covers ${from} to ${to} of the video's ${whole}; outside that range the trainer rides flat.`;
}

/** What the picture shows, for people who cannot see it (the chart's text alternative). */
export function previewLabel(preview: GpxPreview, units: UnitSystem): string {
  const { min, max } = slopeRange(preview);
  return (
    `Elevation and slope preview over the video's ${formatBadgeDuration(preview.duration_s)}: ` +
    `${formatDistance(preview.distance_m, units)} with ${formatElevation(preview.climb_m, units)} of climbing, ` +
    `slopes from ${min} % to ${max} %. ${coveredText(preview)}`
  );
}
