import { spawn } from 'node:child_process';
import { BinaryNotFoundError, type BinaryOptions, resolveBinaries } from './binaries.js';
import { MediaToolError, type RunOptions } from './run.js';

const STDERR_KEEP = 16_384;

/**
 * Runs ffmpeg and hands its stdout over chunk by chunk as bytes, never gathered: for outputs too
 * large to hold (a decoded hour of audio) or read as they come (progress lines). A turn of the
 * event loop gets what the pipe holds (64 kB on Linux), so a consumer's work per turn stays that
 * small. Resolves when ffmpeg exits 0; a failure keeps the end of stderr (MediaToolError), as
 * `createMediaRunner` does.
 */
export function streamFfmpeg(
  args: readonly string[],
  onChunk: (chunk: Buffer) => void,
  options: RunOptions & BinaryOptions = {},
): Promise<void> {
  const binary = resolveBinaries(options).ffmpeg;
  const { signal } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stderr = '';
    let failed: unknown = null;
    child.stdout.on('data', (chunk: Buffer) => {
      if (failed) return;
      try {
        onChunk(chunk);
      } catch (err) {
        // The consumer gave up: stop ffmpeg rather than decode the rest for nobody.
        failed = err;
        child.kill('SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'EACCES')
        reject(new BinaryNotFoundError('ffmpeg', binary, err));
      else reject(err);
    });
    child.on('close', (code) => {
      if (failed) reject(failed);
      else if (signal?.aborted) reject(signal.reason ?? new Error('ffmpeg aborted'));
      else if (code === 0) resolve();
      else reject(new MediaToolError('ffmpeg', code, stderr));
    });
  });
}
