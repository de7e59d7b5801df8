/** Pure builders for the thumbnail and poster outputs that ride along in the packaging run. */

export type ThumbnailSpec = {
  /** One thumbnail every this many seconds, the first at 0 s. */
  intervalS: number;
  /** Height in pixels (never upscaled). */
  height: number;
  /** Output pattern relative to the output folder; %05d is the 1-based thumbnail index. */
  pattern: string;
};

export type PosterSpec = { atS: number; height: number; file: string };

export const THUMBNAIL_PATTERN = 'thumbs/thumb-%05d.jpg';

/** The file name of thumbnail `index` (1-based), e.g. thumbs/thumb-00001.jpg. */
export function thumbnailName(index: number, pattern = THUMBNAIL_PATTERN): string {
  return pattern.replace(/%0(\d)d/, (_, width: string) =>
    String(index).padStart(Number(width), '0'),
  );
}

/** Where the poster frame is taken: a few seconds in (openings are often dark), within the video. */
export function posterTime(durationS: number): number {
  return Math.max(0, Math.min(5, durationS / 3));
}

/**
 * The first frame of every interval slot. Not the fps filter: it drops the last slot at EOF, so a
 * clip shorter than half an interval would get no thumbnail at all.
 */
export function thumbnailFilter(input: string, spec: ThumbnailSpec, output: string): string {
  const slot = (t: string) => `floor(${t}/${spec.intervalS})`;
  const select = `isnan(prev_selected_t)+gte(${slot('t')}-${slot('prev_selected_t')}\\,1)`;
  return `[${input}]select=${select},${fitHeight(spec.height)}[${output}]`;
}

/** Drops frames up to `atS`, then keeps exactly one: the branch ends without stalling the rest. */
export function posterFilter(input: string, spec: PosterSpec, output: string): string {
  return `[${input}]trim=start=${spec.atS.toFixed(3)},setpts=PTS-STARTPTS,trim=end_frame=1,${fitHeight(spec.height)}[${output}]`;
}

export function thumbnailOutputArgs(label: string, path: string): string[] {
  // passthrough: one file per selected frame, no duplicates to fill a constant rate.
  return [
    '-map',
    `[${label}]`,
    '-fps_mode',
    'passthrough',
    '-c:v',
    'mjpeg',
    '-q:v',
    '4',
    '-f',
    'image2',
    path,
  ];
}

export function posterOutputArgs(label: string, path: string): string[] {
  return [
    '-map',
    `[${label}]`,
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    '-frames:v',
    '1',
    '-update',
    '1',
    '-f',
    'image2',
    path,
  ];
}

function fitHeight(height: number): string {
  return `scale=w=-2:h=min(ih\\,${height})`;
}
