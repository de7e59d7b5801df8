import { describe, expect, it } from 'vitest';
import * as media from './index.js';

describe('public API', () => {
  it('exposes the pipeline, the argument builders and the telemetry from one entry point', () => {
    for (const name of [
      'processVideo',
      'joinFiles',
      'probe',
      'isVideoFile',
      'createMediaRunner',
      'resolveBinaries',
      'probeArgs',
      'parseProbe',
      'packageArgs',
      'joinStage',
      'planRenditions',
      'planJoin',
      'planSegments',
      'buildSlopeProfile',
      'goproSlopeProfile',
      'gpxSlopeProfile',
      'gpxTrack',
      'parseGpx',
      'alignGpxPoints',
      'readGpxStream',
      'gpxStreamReader',
      'GpxRefusedError',
      'readGoproTrack',
      'extractGpmf',
      'filterFixes',
      'BinaryNotFoundError',
      'MediaToolError',
      'InvalidMediaInputError',
      'NoUsableTelemetryError',
      'GpxParseError',
      'GpmfNotFoundError',
    ]) {
      expect(typeof (media as Record<string, unknown>)[name], name).toBe('function');
    }
    expect([media.HLS_MASTER, media.DASH_MANIFEST]).toEqual(['master.m3u8', 'manifest.mpd']);
  });
});
