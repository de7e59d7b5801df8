import type { BinaryOptions } from '../ffmpeg/binaries.js';
import { probe } from '../ffmpeg/probe.js';
import {
  createMediaRunner,
  MediaToolError,
  type MediaRunner,
  type RunOptions,
} from '../ffmpeg/run.js';
import { streamFfmpeg } from '../ffmpeg/stream.js';

/**
 * A voiceover recording (a browser's MediaRecorder webm/opus, the desktop app's file, or
 * anything a member sends) judged by its content, and turned into what players stream.
 */

/** What a voiceover is stored as: AAC in MP4, mono, enough for a voice. */
export const VOICEOVER_AUDIO = { sampleRate: 48_000, bitrate: '64k', fileName: 'voiceover.m4a' };

export type RecordingVerdict =
  { ok: true; durationS: number; codec: string } | { ok: false; reason: 'not-audio' };

/**
 * ffmpeg arguments that read every audio packet without decoding (a stream copy to the null
 * muxer) and report the time reached on stdout: browsers' webm files carry no duration in
 * their header, and a header's duration can say anything.
 */
export function audioLengthArgs(input: string): string[] {
  return [
    ...['-v', 'error', '-nostdin', '-i', input],
    ...['-map', '0:a:0', '-c', 'copy', '-f', 'null', '-progress', 'pipe:1', '-nostats', '-'],
  ];
}

/** The last `out_time_us` of ffmpeg's progress output, in seconds (0 when there is none). */
export function lastProgressTime(progress: string): number {
  let us = 0;
  for (const m of progress.matchAll(/^out_time_us=(\d+)\s*$/gm)) us = Number(m[1]);
  return us / 1e6;
}

/**
 * Audio only: an audio stream and no picture stream (cover art does not count, parseProbe
 * leaves it out). Anything ffprobe or the copy pass cannot read is not audio. The duration is
 * the longer of the header's and the packets' (neither may hide a long recording).
 */
export async function inspectRecording(
  input: string,
  options: RunOptions & BinaryOptions & { runner?: MediaRunner } = {},
): Promise<RecordingVerdict> {
  const runner = options.runner ?? createMediaRunner(options);
  try {
    const info = await probe(input, runner);
    if (!info.audio || info.video) return { ok: false, reason: 'not-audio' };
    // Only the tail is kept: the final block holds the time reached.
    let progress = '';
    await streamFfmpeg(
      audioLengthArgs(input),
      (chunk) => void (progress = (progress + chunk.toString('latin1')).slice(-4096)),
      options,
    );
    const durationS = Math.max(info.durationS, lastProgressTime(progress));
    if (!(durationS > 0)) return { ok: false, reason: 'not-audio' };
    return { ok: true, durationS, codec: info.audio.codec };
  } catch (err) {
    if (err instanceof MediaToolError || err instanceof SyntaxError) {
      return { ok: false, reason: 'not-audio' };
    }
    throw err;
  }
}

/**
 * The stored voiceover: the first audio stream as mono AAC with the index up front
 * (+faststart), so a player starts at once and seeks by byte ranges. `maxSeconds` bounds the
 * output whatever the input's timestamps claim.
 */
export function streamableAudioArgs(input: string, output: string, maxSeconds: number): string[] {
  if (!(maxSeconds > 0)) throw new RangeError('maxSeconds must be positive');
  return [
    ...['-v', 'error', '-nostdin', '-y', '-i', input],
    ...['-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1'],
    ...['-ac', '1', '-ar', String(VOICEOVER_AUDIO.sampleRate)],
    ...['-c:a', 'aac', '-b:a', VOICEOVER_AUDIO.bitrate],
    ...['-t', maxSeconds.toFixed(3), '-movflags', '+faststart', output],
  ];
}
