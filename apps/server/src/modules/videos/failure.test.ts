import { BinaryNotFoundError, InvalidMediaInputError, MediaToolError } from '@ridealong/media';
import { describe, expect, it } from 'vitest';
import {
  FAILURE,
  failureReason,
  isPermanent,
  MissingSourcesError,
  OutputCheckError,
} from './failure.js';

describe('failureReason', () => {
  it('names what the owner can act on, without technical detail', () => {
    expect(failureReason(new InvalidMediaInputError('/data/x is not a video file'))).toBe(
      'One of the files is not a video the server can read.',
    );
    expect(failureReason(new MediaToolError('ffmpeg', 1, 'moov atom not found'))).toBe(
      FAILURE.convert,
    );
    expect(failureReason(new MissingSourcesError('gone'))).toBe(FAILURE.missingFiles);
    expect(failureReason(new OutputCheckError('no manifest'))).toBe(FAILURE.output);
    expect(failureReason(new BinaryNotFoundError('ffmpeg', 'ffmpeg'))).toBe(FAILURE.server);
    expect(failureReason(new Error('ECONNRESET'))).toBe(FAILURE.server);
  });

  it('does not retry what cannot change', () => {
    expect(isPermanent(new InvalidMediaInputError('x'))).toBe(true);
    expect(isPermanent(new MissingSourcesError('x'))).toBe(true);
    expect(isPermanent(new MediaToolError('ffmpeg', 1, ''))).toBe(false);
  });
});
