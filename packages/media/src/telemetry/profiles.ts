/** Entry points for the two slope sources: the camera's own GPS, or a GPX file from the owner. */
import { readGoproTrack } from './gpmf.js';
import { type GpxAlignment, gpxTrack } from './gpx.js';
import { buildSlopeProfile, type SlopePoint, type SlopeProfileOptions } from './slope-profile.js';

/**
 * Slope profile from the GoPro GPMF GPS of the files that were joined (same order and durations
 * as the video pipeline used, e.g. processVideo's `sources`), cut like the video was.
 */
export async function goproSlopeProfile(
  options: Omit<SlopeProfileOptions, 'durationS'> & {
    inputs: readonly { path: string; durationS: number }[];
    startOffsetS?: number;
    /** Duration of the packaged video. */
    durationS: number;
  },
): Promise<SlopePoint[]> {
  const track = await readGoproTrack(options.inputs, options.startOffsetS ?? 0);
  return buildSlopeProfile(track, options);
}

/** Slope profile from a GPX file, aligned with the video by `offsetS` (see GpxAlignment). */
export function gpxSlopeProfile(
  xml: string,
  options: SlopeProfileOptions & GpxAlignment,
): SlopePoint[] {
  return buildSlopeProfile(gpxTrack(xml, options), options);
}
