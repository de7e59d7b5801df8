/** The upload form's file rules (document 000 section 5, document 001 section 5). */

export const UPLOAD_HELP_TEXT = [
  'Select only video files (for example .mp4), not thumbnails or other camera files.',
  'The file order must be the intended join order; otherwise, re-select the files.',
  'Start and end offsets are optional, in seconds.',
  'About 5 GB of free disk space is needed.',
] as const;

/** Camera video containers; camera side files (.THM thumbnails, .LRV proxies) are not videos. */
const VIDEO_EXTENSIONS = [
  'mp4',
  'mov',
  'm4v',
  'mkv',
  'webm',
  'avi',
  'mts',
  'm2ts',
  'mpg',
  'mpeg',
  '3gp',
];
const CAMERA_SIDE_FILES = ['lrv', 'thm'];

type FileLike = { name: string; type: string };

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

export function isVideoFile(file: FileLike): boolean {
  const ext = extensionOf(file.name);
  if (CAMERA_SIDE_FILES.includes(ext)) return false;
  return file.type.startsWith('video/') || VIDEO_EXTENSIONS.includes(ext);
}

/** The files in the order chosen, or a message naming what is wrong. */
export function checkVideoFiles<F extends FileLike>(
  files: F[],
): { ok: true } | { ok: false; message: string } {
  if (files.length === 0) return { ok: false, message: 'Select at least one video file.' };
  const rejected = files.filter((f) => !isVideoFile(f)).map((f) => f.name);
  if (rejected.length > 0) {
    return {
      ok: false,
      message: `Only video files can be uploaded. Not a video: ${rejected.join(', ')}.`,
    };
  }
  return { ok: true };
}
