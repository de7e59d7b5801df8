/** One GPS reading on the video's clock. */
export type TrackSample = {
  /** Seconds since the first frame of the (joined, trimmed) video; may be negative. */
  t: number;
  lat: number;
  lon: number;
  /** Metres; null when the receiver gave no usable altitude. */
  eleM: number | null;
  /** Horizontal (2D) speed from the receiver (Doppler), m/s; null when unknown (most GPX). */
  speedMps: number | null;
  /** Lock type (0 none, 2 2D, 3 3D); null when the source does not say (GPX). */
  fix: number | null;
  /** Dilution of precision × 100 (GoPro GPSP); null when unknown. */
  dop: number | null;
};

const EARTH_RADIUS_M = 6_371_008.8;

/**
 * Local east/north metres around an origin (equirectangular). Exact enough for the few km a
 * video covers, and cheap, which matters at 18 Hz over an hour.
 */
export function localProjection(lat0: number, lon0: number) {
  const rad = Math.PI / 180;
  const kx = Math.cos(lat0 * rad) * EARTH_RADIUS_M * rad;
  const ky = EARTH_RADIUS_M * rad;
  return (lat: number, lon: number) => ({ x: (lon - lon0) * kx, y: (lat - lat0) * ky });
}

/** Inverse of localProjection, for tests and synthetic tracks. */
export function localToLatLon(lat0: number, lon0: number) {
  const rad = Math.PI / 180;
  const kx = Math.cos(lat0 * rad) * EARTH_RADIUS_M * rad;
  const ky = EARTH_RADIUS_M * rad;
  return (x: number, y: number) => ({ lat: lat0 + y / ky, lon: lon0 + x / kx });
}
