import { spawn } from 'node:child_process';
import {
  type BinaryName,
  BinaryNotFoundError,
  type BinaryOptions,
  resolveBinaries,
} from './binaries.js';
import { createProgressParser } from './progress.js';

/** The side effects of this package behind one small interface, so callers and tests can swap it. */
export interface MediaRunner {
  /** Runs ffprobe and resolves with its stdout. */
  ffprobe(args: readonly string[], options?: RunOptions): Promise<string>;
  /** Runs ffmpeg; with `progress`, adds `-progress pipe:1` and reports percentages. */
  ffmpeg(args: readonly string[], options?: FfmpegRunOptions): Promise<void>;
}

export type RunOptions = { signal?: AbortSignal };

export type FfmpegRunOptions = RunOptions & {
  progress?: { expectedDurationS: number; onProgress: (percent: number) => void };
};

/** ffmpeg or ffprobe ran but failed; keeps the end of stderr, which holds the reason. */
export class MediaToolError extends Error {
  override readonly name = 'MediaToolError';
  constructor(
    readonly binary: BinaryName,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    const reason = stderr.trim().split('\n').slice(-5).join('\n');
    super(`${binary} failed (exit ${exitCode ?? 'signal'}): ${reason || 'no error output'}`);
  }
}

const STDERR_KEEP = 16_384;

export function createMediaRunner(options: BinaryOptions = {}): MediaRunner {
  const bins = resolveBinaries(options);
  return {
    ffprobe: (args, opts) => runTool('ffprobe', bins.ffprobe, args, opts ?? {}),
    async ffmpeg(args, opts = {}) {
      const { progress } = opts;
      if (!progress) {
        await runTool('ffmpeg', bins.ffmpeg, args, opts);
        return;
      }
      const parser = createProgressParser(progress.expectedDurationS);
      await runTool('ffmpeg', bins.ffmpeg, ['-progress', 'pipe:1', '-nostats', ...args], {
        ...opts,
        onStdout: (chunk) => parser.push(chunk).forEach((p) => progress.onProgress(p)),
      });
    },
  };
}

type ToolOptions = RunOptions & { onStdout?: (chunk: string) => void };

function runTool(
  name: BinaryName,
  binary: string,
  args: readonly string[],
  { signal, onStdout }: ToolOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (onStdout) onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      // ENOENT / EACCES at spawn time: the binary itself is missing or not executable.
      if (err.code === 'ENOENT' || err.code === 'EACCES')
        reject(new BinaryNotFoundError(name, binary, err));
      else reject(err);
    });
    child.on('close', (code) => {
      if (signal?.aborted) reject(signal.reason ?? new Error(`${name} aborted`));
      else if (code === 0) resolve(stdout);
      else reject(new MediaToolError(name, code, stderr));
    });
  });
}
