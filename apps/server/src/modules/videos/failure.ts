import { BinaryNotFoundError, InvalidMediaInputError, MediaToolError } from '@ridealong/media';

export const FAILURE = {
  notVideo: 'One of the files is not a video the server can read.',
  missingFiles: 'Some of the uploaded files are missing. Please upload the video again.',
  convert:
    'The server could not convert this video. Please check that the files play, then upload them again.',
  output: 'The converted video did not pass its checks. Please upload the video again.',
  server: 'Processing stopped because of a problem on our side. Please try again later.',
} as const;

/** A failure the owner can act on: the technical detail stays in the job's last_error. */
export class OutputCheckError extends Error {
  override name = 'OutputCheckError';
}

export class MissingSourcesError extends Error {
  override name = 'MissingSourcesError';
}

/** Turns a processing error into the sentence shown to the video's owner. */
export function failureReason(error: unknown): string {
  if (error instanceof InvalidMediaInputError) return FAILURE.notVideo;
  if (error instanceof MissingSourcesError) return FAILURE.missingFiles;
  if (error instanceof OutputCheckError) return FAILURE.output;
  if (error instanceof BinaryNotFoundError) return FAILURE.server;
  if (error instanceof MediaToolError) return FAILURE.convert;
  return FAILURE.server;
}

/** Errors that another attempt cannot fix. */
export function isPermanent(error: unknown): boolean {
  return error instanceof InvalidMediaInputError || error instanceof MissingSourcesError;
}
