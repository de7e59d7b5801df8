export type BinaryName = 'ffmpeg' | 'ffprobe';

export type BinaryOptions = {
  /** Explicit path to ffmpeg; wins over FFMPEG_PATH. */
  ffmpegPath?: string;
  /** Explicit path to ffprobe; wins over FFPROBE_PATH. */
  ffprobePath?: string;
  /** Environment to read FFMPEG_PATH / FFPROBE_PATH from (defaults to process.env). */
  env?: Readonly<Record<string, string | undefined>>;
};

export type Binaries = Record<BinaryName, string>;

const ENV_VAR: Record<BinaryName, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };

/** Option > environment variable > the name on PATH (Debian's `ffmpeg` package installs both). */
export function resolveBinaries(options: BinaryOptions = {}): Binaries {
  const env = options.env ?? process.env;
  const pick = (explicit: string | undefined, name: BinaryName): string =>
    nonEmpty(explicit) ?? nonEmpty(env[ENV_VAR[name]]) ?? name;
  return {
    ffmpeg: pick(options.ffmpegPath, 'ffmpeg'),
    ffprobe: pick(options.ffprobePath, 'ffprobe'),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/** The binary could not be started: tells the operator exactly which one and how to fix it. */
export class BinaryNotFoundError extends Error {
  override readonly name = 'BinaryNotFoundError';
  readonly envVar: string;

  constructor(
    readonly binary: BinaryName,
    readonly path: string,
    cause?: unknown,
  ) {
    const envVar = ENV_VAR[binary];
    const where = path === binary ? '' : ` at ${path}`;
    super(`${binary} was not found${where} (set ${envVar} or install ffmpeg)`, { cause });
    this.envVar = envVar;
  }
}
