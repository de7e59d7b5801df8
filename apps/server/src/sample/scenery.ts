import { elevationExpression, type SampleRoute } from './route.js';

type Rgb = readonly [number, number, number];

/** How a sample clip looks: a panorama of distant hills and the route's road, scrolling by. */
export type ScenerySpec = {
  route: SampleRoute;
  durationS: number;
  width: number;
  height: number;
  /** Scroll speed of the panorama. */
  pxPerSecond: number;
  /** Colour theme: hue shifts between the sample videos. */
  theme: { sky: Rgb; hills: Rgb; ground: Rgb };
};

/** How much lighter the sky gets per row towards the horizon, per channel (r, g, b). */
const SKY_GRADIENT = [0.33, 0.25, 0] as const;

/** Panorama width: one screen plus everything scrolled past during the clip. */
export function panoramaWidth(spec: ScenerySpec): number {
  return spec.width + Math.ceil(spec.durationS * spec.pxPerSecond) + 2;
}

/**
 * ffmpeg arguments for the panorama, one frame drawn with geq: sky gradient above a silhouette
 * of distant hills, the road following the route's elevation (the ground line rises on climbs),
 * and textured grass below.
 */
export function panoramaArgs(spec: ScenerySpec, out: string): string[] {
  const h = spec.height;
  const scale = h / 540;
  const elevation = elevationExpression(spec.route, spec.pxPerSecond);
  const road = `(${Math.round(0.72 * h)}-${(5 * scale).toFixed(2)}*${elevation})`;
  const hills = `(${Math.round(0.43 * h)}-${Math.round(40 * scale)}*sin(X/${Math.round(310 * scale)})-${Math.round(25 * scale)}*sin(X/${Math.round(97 * scale)}+2))`;
  const band = Math.round(22 * scale);
  const channel = (i: 0 | 1 | 2) => {
    const { sky, hills: hill, ground } = spec.theme;
    const texture = `${i === 1 ? 25 : 15}*sin(X/${(7 * scale).toFixed(1)})*sin(Y/${(5 * scale).toFixed(1)})`;
    const dash = `if(lt(mod(X,${Math.round(90 * scale)}),${Math.round(45 * scale)}),235,95)`;
    return (
      `if(lt(Y,${hills}),min(255,${sky[i]}+Y*${(SKY_GRADIENT[i] / scale).toFixed(3)}),` +
      `if(lt(Y,${road}),${hill[i]},` +
      `if(lt(Y,${road}+${band}),if(between(Y-${road},${Math.round(band / 2 - 2 * scale)},${Math.round(band / 2 + 2 * scale)}),${dash},95),` +
      `${ground[i]}+${texture})))`
    );
  };
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=${panoramaWidth(spec)}x${h}:d=1`,
    '-vf',
    `geq=r='${channel(0)}':g='${channel(1)}':b='${channel(2)}'`,
    '-frames:v',
    '1',
    out,
  ];
}

/** ffmpeg arguments for the clip: the panorama scrolled at the route's pace, with wind noise. */
export function clipArgs(spec: ScenerySpec, panorama: string, out: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-loop',
    '1',
    '-framerate',
    '30',
    '-i',
    panorama,
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=color=brown:amplitude=0.04',
    '-filter_complex',
    `[0:v]crop=${spec.width}:${spec.height}:'t*${spec.pxPerSecond}':0,format=yuv420p[v]`,
    '-map',
    '[v]',
    '-map',
    '1:a',
    '-t',
    String(spec.durationS),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '20',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    out,
  ];
}
