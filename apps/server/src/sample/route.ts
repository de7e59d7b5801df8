/**
 * A sample ride's route as closed-form functions, so the generated scenery (ffmpeg expressions)
 * and the GPS track (GPX) describe the same hills: elevation is a sum of sines of distance.
 */
export type SampleRoute = {
  /** Camera speed, m/s (constant: the sample videos scroll evenly). */
  speedMps: number;
  baseElevationM: number;
  /** [amplitude m, wavelength m, phase rad] */
  hills: readonly (readonly [number, number, number])[];
  /** Start of the track. */
  start: { lat: number; lon: number };
  /** Direction of travel, degrees from north. */
  headingDeg: number;
};

export function elevationAt(route: SampleRoute, distanceM: number): number {
  return route.hills.reduce(
    (e, [a, l, p]) => e + a * Math.sin((2 * Math.PI * distanceM) / l + p),
    route.baseElevationM,
  );
}

/** The true grade in percent at a distance (the derivative of elevationAt). */
export function gradeAt(route: SampleRoute, distanceM: number): number {
  const dEdD = route.hills.reduce(
    (s, [a, l, p]) => s + ((a * 2 * Math.PI) / l) * Math.cos((2 * Math.PI * distanceM) / l + p),
    0,
  );
  return dEdD * 100;
}

/**
 * The same elevation as an ffmpeg expression of a panorama column X, where the panorama scrolls
 * at `pxPerSecond`: column X is reached at t = X / pxPerSecond.
 */
export function elevationExpression(route: SampleRoute, pxPerSecond: number): string {
  const d = `(X/${pxPerSecond}*${route.speedMps})`;
  return `(${route.hills.map(([a, l, p]) => `${a}*sin(2*PI*${d}/${l}+${p})`).join('+')})`;
}

const EARTH_RADIUS_M = 6_371_000;

/** A GPX track with one point a second for `durationS` seconds, as a GPS would have logged it. */
export function routeGpx(route: SampleRoute, durationS: number, startTime: Date): string {
  const heading = (route.headingDeg * Math.PI) / 180;
  const lat0 = (route.start.lat * Math.PI) / 180;
  const points: string[] = [];
  for (let t = 0; t <= Math.ceil(durationS); t++) {
    const d = route.speedMps * t;
    const lat = route.start.lat + ((d * Math.cos(heading)) / EARTH_RADIUS_M) * (180 / Math.PI);
    const lon =
      route.start.lon +
      ((d * Math.sin(heading)) / (EARTH_RADIUS_M * Math.cos(lat0))) * (180 / Math.PI);
    const time = new Date(startTime.getTime() + t * 1000).toISOString();
    points.push(
      `<trkpt lat="${lat.toFixed(7)}" lon="${lon.toFixed(7)}"><ele>${elevationAt(route, d).toFixed(2)}</ele><time>${time}</time></trkpt>`,
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="RideAlong sample content" xmlns="http://www.topografix.com/GPX/1/1">',
    '<trk><name>Sample route</name><trkseg>',
    ...points,
    '</trkseg></trk></gpx>',
  ].join('\n');
}
