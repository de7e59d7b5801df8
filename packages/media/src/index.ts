// @ridealong/media: ffmpeg/ffprobe argument builders and runners, the upload-to-stream pipeline,
// and GPS telemetry (GoPro GPMF, GPX) -> cleaned per-second slope profile. Imports no app.

export {
  type BinaryName,
  BinaryNotFoundError,
  type BinaryOptions,
  resolveBinaries,
} from './ffmpeg/binaries.js';
export {
  createMediaRunner,
  type FfmpegRunOptions,
  type MediaRunner,
  MediaToolError,
  type RunOptions,
} from './ffmpeg/run.js';
export { createProgressParser, progressPercent, type ProgressParser } from './ffmpeg/progress.js';
export {
  type AudioStreamInfo,
  isVideoFile,
  isVideoProbe,
  parseProbe,
  parseRate,
  probe,
  probeArgs,
  type ProbeResult,
  type VideoStreamInfo,
} from './ffmpeg/probe.js';
export {
  AUDIO_KBPS,
  gopFrames,
  nominalBandwidth,
  outputFrameRate,
  planRenditions,
  type RenditionName,
  type RenditionSpec,
  SEGMENT_SECONDS,
} from './ffmpeg/ladder.js';
export {
  concatListFile,
  type JoinPlan,
  type JoinStage,
  joinStage,
  type SegmentRange,
} from './ffmpeg/args-join.js';
export { DASH_MANIFEST, HLS_MASTER, packageArgs, type PackagePlan } from './ffmpeg/args-package.js';
export {
  posterFilter,
  type PosterSpec,
  THUMBNAIL_PATTERN,
  thumbnailFilter,
  thumbnailName,
  type ThumbnailSpec,
} from './ffmpeg/args-thumbnails.js';

export {
  canStreamCopy,
  InvalidMediaInputError,
  type JoinSource,
  joinFiles,
  planDuration,
  planJoin,
  planSegments,
} from './pipeline/join.js';
export {
  type HlsVariant,
  parseHlsMaster,
  playlistDuration,
  type Rendition,
} from './pipeline/package.js';
export {
  processVideo,
  type ProcessVideoOptions,
  type ProcessVideoResult,
} from './pipeline/process-video.js';
export { DEFAULT_THUMBNAIL_INTERVAL_S, planPoster, planThumbnails } from './pipeline/thumbnails.js';

export type { TrackSample } from './telemetry/track.js';
export {
  DEFAULT_FIX_THRESHOLDS,
  estimateNoise,
  filterFixes,
  type FixThresholds,
  SMOOTH_DEFAULTS,
  type SmoothOptions,
} from './telemetry/clean-elevation.js';
export {
  extractGpmf,
  GpmfNotFoundError,
  gpsSamplesFromTelemetry,
  readGoproGps,
  readGoproTrack,
} from './telemetry/gpmf.js';
export {
  alignGpxPoints,
  type GpxAlignment,
  GpxParseError,
  type GpxPoint,
  gpxTrack,
  parseGpx,
} from './telemetry/gpx.js';
export {
  DEFAULT_MAX_TAG_CHARS,
  type GpxReadLimits,
  type GpxRefusal,
  GpxRefusedError,
  gpxStreamReader,
  type GpxStreamReader,
  readGpxStream,
} from './telemetry/gpx-stream.js';
export {
  buildSlopeProfile,
  MAX_SLOPE_PERCENT,
  NoUsableTelemetryError,
  profileLength,
  type SlopePoint,
  type SlopeProfileOptions,
} from './telemetry/slope-profile.js';
export { STATIONARY_MPS } from './telemetry/distance.js';
export { CLIMB_HYSTERESIS_M, routeClimb } from './telemetry/route-climb.js';
export { goproSlopeProfile, gpxSlopeProfile } from './telemetry/profiles.js';
export {
  pcmDecodeArgs,
  WAVEFORM_BITS,
  WAVEFORM_SAMPLES_PER_PIXEL,
  waveformBuilder,
  type WaveformBuilder,
  type WaveformJson,
  waveformPeaks,
} from './audio/waveform.js';
export {
  pcmSamples,
  PEAKS_SAMPLE_RATE,
  peaksDecodeArgs,
  waveformOfFile,
  waveformText,
} from './audio/waveform-file.js';
export {
  audioLengthArgs,
  inspectRecording,
  lastProgressTime,
  type RecordingVerdict,
  streamableAudioArgs,
  VOICEOVER_AUDIO,
} from './audio/voiceover-audio.js';
export { streamFfmpeg } from './ffmpeg/stream.js';
