/**
 * A small, forgiving GPX reader (no XML dependency): track points with lat/lon attributes in
 * either quote style and any order, optional namespace prefixes, <ele> and <time> children,
 * comments and CDATA. Anything else in the file is ignored.
 */
import type { TrackSample } from './track.js';

export type GpxPoint = { lat: number; lon: number; eleM: number | null; timeMs: number | null };

export class GpxParseError extends Error {
  override readonly name = 'GpxParseError';
}

const TRKPT = /<(?:[\w-]+:)?trkpt\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[\w-]+:)?trkpt\s*>)/g;

export function parseGpx(xml: string): GpxPoint[] {
  const text = xml
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, inner: string) => inner);
  if (!/<(?:[\w-]+:)?gpx\b/.test(text))
    throw new GpxParseError('not a GPX file (no <gpx> element)');
  const points: GpxPoint[] = [];
  for (const m of text.matchAll(TRKPT)) {
    const attrs = m[1] ?? '';
    const body = m[2] ?? '';
    const lat = Number(attribute(attrs, 'lat'));
    const lon = Number(attribute(attrs, 'lon'));
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
      continue;
    const ele = child(body, 'ele');
    const eleM = ele === null || ele === '' ? null : Number(ele);
    points.push({
      lat,
      lon,
      eleM: eleM !== null && Number.isFinite(eleM) ? eleM : null,
      timeMs: parseTime(child(body, 'time')),
    });
  }
  if (points.length === 0) throw new GpxParseError('the GPX file has no track points');
  return points;
}

const ATTRIBUTE = {
  lat: /(?:^|\s)lat\s*=\s*(["'])(.*?)\1/,
  lon: /(?:^|\s)lon\s*=\s*(["'])(.*?)\1/,
};
const CHILD = {
  ele: /<(?:[\w-]+:)?ele\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?ele\s*>/,
  time: /<(?:[\w-]+:)?time\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?time\s*>/,
};

function attribute(attrs: string, name: keyof typeof ATTRIBUTE): string | null {
  const m = ATTRIBUTE[name].exec(attrs);
  return m ? (m[2] ?? '').trim() : null;
}

function child(body: string, name: keyof typeof CHILD): string | null {
  const m = CHILD[name].exec(body);
  return m ? (m[1] ?? '').trim() : null;
}

/** ISO 8601; GPX times are UTC, so a time written without a zone is read as UTC too. */
export function parseTime(text: string | null): number | null {
  if (!text) return null;
  const zoned = /(?:Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`;
  const ms = Date.parse(zoned);
  return Number.isFinite(ms) ? ms : null;
}

export type GpxAlignment = {
  /**
   * Seconds from the video's start to the GPX clock: video t = gpx time - anchor - offsetS.
   * Positive when the GPS was started before the camera (the usual case), as the upload form's
   * "GPX offset" field means it.
   */
  offsetS?: number;
  /** Absolute time of the video's first frame; defaults to the first timed track point. */
  videoStart?: Date;
};

/** Track points on the video's clock; points without a time cannot be placed and are dropped. */
export function gpxTrack(xml: string, alignment: GpxAlignment = {}): TrackSample[] {
  return alignGpxPoints(parseGpx(xml), alignment);
}

/** gpxTrack for points already read (e.g. by the bounded streaming reader, gpx-stream.ts). */
export function alignGpxPoints(
  points: readonly GpxPoint[],
  alignment: GpxAlignment = {},
): TrackSample[] {
  const timed = points.filter((p): p is GpxPoint & { timeMs: number } => p.timeMs !== null);
  const first = timed.reduce<number | null>(
    (a, p) => (a === null || p.timeMs < a ? p.timeMs : a),
    null,
  );
  if (first === null)
    throw new GpxParseError(
      'the GPX track has no timestamps, so it cannot be aligned with the video',
    );
  const anchor = alignment.videoStart?.getTime() ?? first;
  const offset = alignment.offsetS ?? 0;
  if (!Number.isFinite(offset))
    throw new GpxParseError('the GPX offset must be a number of seconds');
  return timed
    .map((p) => ({
      t: (p.timeMs - anchor) / 1000 - offset,
      lat: p.lat,
      lon: p.lon,
      eleM: p.eleM,
      speedMps: null,
      fix: null,
      dop: null,
    }))
    .sort((a, b) => a.t - b.t);
}
