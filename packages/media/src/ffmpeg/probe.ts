import { createMediaRunner, MediaToolError, type MediaRunner } from './run.js';

export type VideoStreamInfo = {
  codec: string;
  /** Display width and height (a 90° rotation flag swaps the coded ones). */
  width: number;
  height: number;
  /** Frames per second as a number, and as the exact rational ffmpeg reported (e.g. 30000/1001). */
  fps: number;
  fpsRational: string;
  pixFmt: string | null;
  /** Frame count when the container knows it, else null. */
  frames: number | null;
  /** CRC of the codec extradata (SPS/PPS for H.264): equal hashes can be joined by stream copy. */
  extradataHash: string | null;
};

export type AudioStreamInfo = {
  codec: string;
  sampleRate: number;
  channels: number;
  extradataHash: string | null;
};

export type ProbeResult = {
  durationS: number;
  formatName: string;
  video: VideoStreamInfo | null;
  audio: AudioStreamInfo | null;
  /** A GoPro GPMF telemetry track (data stream tagged 'gpmd') is present. */
  hasGpmf: boolean;
};

/** ffprobe arguments: JSON with format and streams, plus extradata hashes for join decisions. */
export function probeArgs(path: string): string[] {
  return [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    '-show_data_hash',
    'CRC32',
    path,
  ];
}

/** Turns ffprobe's JSON into a typed result; tolerant of missing fields, strict about types. */
export function parseProbe(json: string): ProbeResult {
  const root = asRecord(JSON.parse(json));
  const format = asRecord(root.format);
  const streams = Array.isArray(root.streams) ? root.streams.map(asRecord) : [];
  // Cover art and thumbnails are video streams too; they are not footage.
  const videoStream = streams.find((s) => s.codec_type === 'video' && !isAttachedPicture(s));
  const audioStream = streams.find((s) => s.codec_type === 'audio');
  const durations = [num(format.duration), num(videoStream?.duration), num(audioStream?.duration)];
  return {
    durationS: durations.find((d): d is number => d !== null && d > 0) ?? 0,
    formatName: str(format.format_name) ?? '',
    video: videoStream ? videoInfo(videoStream) : null,
    audio: audioStream ? audioInfo(audioStream) : null,
    hasGpmf: streams.some((s) => s.codec_type === 'data' && s.codec_tag_string === 'gpmd'),
  };
}

/**
 * True for footage: a real video stream (not a still image or cover art) with a duration and more
 * than one frame. Extensions are not trusted: uploads are often renamed or camera sidecar files.
 */
export function isVideoProbe(p: ProbeResult): boolean {
  if (!p.video || p.durationS <= 0) return false;
  if (IMAGE_FORMATS.test(p.formatName)) return false;
  const frames = p.video.frames ?? p.durationS * p.video.fps;
  return frames >= 2;
}

const IMAGE_FORMATS = /(^|,)(image2|[a-z0-9]+_pipe|gif|apng|webp|ico)(,|$)/;

export async function probe(path: string, runner: MediaRunner = createMediaRunner()) {
  return parseProbe(await runner.ffprobe(probeArgs(path)));
}

/** Probes the file; anything ffprobe cannot read is not a video. A missing ffprobe still throws. */
export async function isVideoFile(path: string, runner: MediaRunner = createMediaRunner()) {
  try {
    return isVideoProbe(await probe(path, runner));
  } catch (err) {
    if (err instanceof MediaToolError || err instanceof SyntaxError) return false;
    throw err;
  }
}

function videoInfo(s: Record<string, unknown>): VideoStreamInfo {
  const rate = parseRate(str(s.avg_frame_rate)) ?? parseRate(str(s.r_frame_rate));
  const w = num(s.width) ?? 0;
  const h = num(s.height) ?? 0;
  const rotated = Math.abs(rotationOf(s)) % 180 === 90;
  return {
    codec: str(s.codec_name) ?? 'unknown',
    width: rotated ? h : w,
    height: rotated ? w : h,
    fps: rate?.value ?? 0,
    fpsRational: rate?.text ?? '0/1',
    pixFmt: str(s.pix_fmt),
    frames: num(s.nb_frames),
    extradataHash: str(s.extradata_hash),
  };
}

function audioInfo(s: Record<string, unknown>): AudioStreamInfo {
  return {
    codec: str(s.codec_name) ?? 'unknown',
    sampleRate: num(s.sample_rate) ?? 0,
    channels: num(s.channels) ?? 0,
    extradataHash: str(s.extradata_hash),
  };
}

/** Rotation from the display matrix side data (ffmpeg 5+) or the legacy `rotate` tag. */
function rotationOf(s: Record<string, unknown>): number {
  const sideData = Array.isArray(s.side_data_list) ? s.side_data_list.map(asRecord) : [];
  const fromMatrix = sideData.map((d) => num(d.rotation)).find((r) => r !== null);
  return fromMatrix ?? num(asRecord(s.tags).rotate) ?? 0;
}

function isAttachedPicture(s: Record<string, unknown>): boolean {
  const disposition = asRecord(s.disposition);
  return disposition.attached_pic === 1 || disposition.still_image === 1;
}

/** "30000/1001" -> 29.97; "0/0" and garbage -> null. */
export function parseRate(text: string | null): { value: number; text: string } | null {
  if (!text) return null;
  const [n, d = '1'] = text.split('/');
  const value = Number(n) / Number(d);
  return Number.isFinite(value) && value > 0 ? { value, text: `${Number(n)}/${Number(d)}` } : null;
}

function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}
