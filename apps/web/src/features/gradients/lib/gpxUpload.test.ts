import { describe, expect, it } from 'vitest';
import {
  chosenFile,
  gpxUploadReducer,
  initialGpxUpload,
  isGpxFileName,
  uploadPercent,
  type ChosenFile,
  type GpxUploadEvent,
  type GpxUploadState,
} from './gpxUpload';

const gpx: ChosenFile = { name: 'ride.gpx', size: 1000 };
const other: ChosenFile = { name: 'Morning.GPX', size: 50 };
const text: ChosenFile = { name: 'notes.txt', size: 10 };

const run = (
  events: GpxUploadEvent<ChosenFile>[],
  from: GpxUploadState<ChosenFile> = initialGpxUpload,
) => events.reduce(gpxUploadReducer, from);

describe('isGpxFileName', () => {
  it('accepts only the .gpx extension, in any case', () => {
    expect(isGpxFileName('ride.gpx')).toBe(true);
    expect(isGpxFileName('RIDE.GPX ')).toBe(true);
    expect(isGpxFileName('ride.gpx.exe')).toBe(false);
    expect(isGpxFileName('ride.tcx')).toBe(false);
    expect(isGpxFileName('gpx')).toBe(false);
    expect(isGpxFileName('ride.xml')).toBe(false);
  });
});

describe('gpxUploadReducer (document 001 section 4: no file, chosen, uploading, finished or error)', () => {
  it('starts with no file', () => {
    expect(initialGpxUpload).toEqual({ stage: 'no-file', refused: null });
  });

  it('goes no file, file chosen, uploading with progress, finished', () => {
    let state = run([{ type: 'choose', file: gpx }]);
    expect(state).toEqual({ stage: 'file-chosen', file: gpx });
    state = run([{ type: 'upload' }], state);
    expect(state).toEqual({ stage: 'uploading', file: gpx, sentBytes: 0, totalBytes: 1000 });
    state = run([{ type: 'progress', sentBytes: 400, totalBytes: 1200 }], state);
    expect(state).toEqual({ stage: 'uploading', file: gpx, sentBytes: 400, totalBytes: 1200 });
    state = run([{ type: 'uploaded', filename: 'ride.gpx' }], state);
    expect(state).toEqual({ stage: 'finished', filename: 'ride.gpx' });
    expect(run([{ type: 'again' }], state)).toEqual(initialGpxUpload);
  });

  it('ends an upload in error with the server reason, and may upload the same file again', () => {
    const failed = run([
      { type: 'choose', file: gpx },
      { type: 'upload' },
      { type: 'failed', message: 'No timed track points.' },
    ]);
    expect(failed).toEqual({ stage: 'error', file: gpx, message: 'No timed track points.' });
    expect(run([{ type: 'upload' }], failed)).toMatchObject({ stage: 'uploading', file: gpx });
    expect(run([{ type: 'choose', file: other }], failed)).toEqual({
      stage: 'file-chosen',
      file: other,
    });
  });

  it('turns away a file that is not .gpx: no file, its name kept for the message', () => {
    expect(run([{ type: 'choose', file: text }])).toEqual({
      stage: 'no-file',
      refused: 'notes.txt',
    });
    // Also over a chosen file: the refused one replaced it in the input.
    expect(
      run([
        { type: 'choose', file: gpx },
        { type: 'choose', file: text },
      ]),
    ).toEqual({
      stage: 'no-file',
      refused: 'notes.txt',
    });
    // Nothing can be uploaded from there.
    expect(run([{ type: 'choose', file: text }, { type: 'upload' }])).toEqual({
      stage: 'no-file',
      refused: 'notes.txt',
    });
    // A good file next clears the message.
    expect(
      run([
        { type: 'choose', file: text },
        { type: 'choose', file: gpx },
      ]),
    ).toEqual({
      stage: 'file-chosen',
      file: gpx,
    });
  });

  it('keeps the file while it goes up: choosing, clearing and a second upload are ignored', () => {
    const uploading = run([{ type: 'choose', file: gpx }, { type: 'upload' }]);
    for (const event of [
      { type: 'choose', file: other },
      { type: 'clear' },
      { type: 'upload' },
      { type: 'again' },
    ] as const) {
      expect(gpxUploadReducer(uploading, event)).toBe(uploading);
    }
  });

  it('ignores answers and progress outside an upload', () => {
    const chosen = run([{ type: 'choose', file: gpx }]);
    expect(gpxUploadReducer(chosen, { type: 'uploaded', filename: 'x.gpx' })).toBe(chosen);
    expect(gpxUploadReducer(chosen, { type: 'failed', message: null })).toBe(chosen);
    expect(gpxUploadReducer(chosen, { type: 'progress', sentBytes: 1, totalBytes: 2 })).toBe(
      chosen,
    );
    expect(gpxUploadReducer(initialGpxUpload, { type: 'upload' })).toBe(initialGpxUpload);
  });

  it('clamps progress to what exists', () => {
    const uploading = run([{ type: 'choose', file: gpx }, { type: 'upload' }]);
    expect(run([{ type: 'progress', sentBytes: 5000, totalBytes: 1000 }], uploading)).toMatchObject(
      {
        sentBytes: 1000,
        totalBytes: 1000,
      },
    );
    expect(run([{ type: 'progress', sentBytes: -5, totalBytes: -1 }], uploading)).toMatchObject({
      sentBytes: 0,
      totalBytes: 0,
    });
  });

  it('clears a chosen file or an error back to no file, but not a finished upload', () => {
    expect(run([{ type: 'choose', file: gpx }, { type: 'clear' }])).toEqual(initialGpxUpload);
    const finished: GpxUploadState<ChosenFile> = { stage: 'finished', filename: 'ride.gpx' };
    expect(gpxUploadReducer(finished, { type: 'clear' })).toBe(finished);
  });

  it('names the chosen file in the stages that have one', () => {
    expect(chosenFile(initialGpxUpload)).toBeNull();
    expect(chosenFile(run([{ type: 'choose', file: gpx }]))).toBe(gpx);
    expect(chosenFile(run([{ type: 'choose', file: gpx }, { type: 'upload' }]))).toBe(gpx);
    expect(chosenFile({ stage: 'finished', filename: 'ride.gpx' })).toBeNull();
  });
});

describe('uploadPercent', () => {
  it('is whole percent, 0 without a size, never over 100', () => {
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(2000, 1000)).toBe(100);
  });
});
