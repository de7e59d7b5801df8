/**
 * The GPX upload's states (document 001 section 4, "GPX upload"): no file, then file chosen,
 * then uploading, then finished or error. A pure reducer: the tab dispatches what happened
 * (a choice, progress, the server's answer) and draws the state.
 */

/** What the reducer needs of a chosen file (a browser File in the page). */
export type ChosenFile = { name: string; size: number };

export type GpxUploadState<F extends ChosenFile = File> =
  /** `refused`: the name of a file turned away for not being .gpx (nothing was sent). */
  | { stage: 'no-file'; refused: string | null }
  | { stage: 'file-chosen'; file: F }
  | { stage: 'uploading'; file: F; sentBytes: number; totalBytes: number }
  | { stage: 'finished'; filename: string }
  /** `message`: the server's reason when it gave one. */
  | { stage: 'error'; file: F; message: string | null };

export type GpxUploadEvent<F extends ChosenFile = File> =
  | { type: 'choose'; file: F }
  | { type: 'clear' }
  | { type: 'upload' }
  | { type: 'progress'; sentBytes: number; totalBytes: number }
  | { type: 'uploaded'; filename: string }
  | { type: 'failed'; message: string | null }
  /** After a success: start over with another file. */
  | { type: 'again' };

export const initialGpxUpload: GpxUploadState<never> = { stage: 'no-file', refused: null };

/** Only .gpx files can be chosen (section 5); the input's accept is a hint a user can bypass. */
export const isGpxFileName = (name: string): boolean => /\.gpx$/i.test(name.trim());

export function gpxUploadReducer<F extends ChosenFile>(
  state: GpxUploadState<F>,
  event: GpxUploadEvent<F>,
): GpxUploadState<F> {
  // Nothing changes the file while it is going up.
  if (state.stage === 'uploading') {
    switch (event.type) {
      case 'progress': {
        const totalBytes = Math.max(0, event.totalBytes);
        const sentBytes = Math.min(totalBytes, Math.max(0, event.sentBytes));
        return { ...state, sentBytes, totalBytes };
      }
      case 'uploaded':
        return { stage: 'finished', filename: event.filename };
      case 'failed':
        return { stage: 'error', file: state.file, message: event.message };
      default:
        return state;
    }
  }
  switch (event.type) {
    case 'choose':
      return isGpxFileName(event.file.name)
        ? { stage: 'file-chosen', file: event.file }
        : { stage: 'no-file', refused: event.file.name };
    case 'clear':
      return state.stage === 'finished' ? state : { stage: 'no-file', refused: null };
    case 'upload':
      return state.stage === 'file-chosen' || state.stage === 'error'
        ? { stage: 'uploading', file: state.file, sentBytes: 0, totalBytes: state.file.size }
        : state;
    case 'again':
      return state.stage === 'finished' ? { stage: 'no-file', refused: null } : state;
    default:
      return state;
  }
}

/** The chosen file in the stages that have one. */
export function chosenFile<F extends ChosenFile>(state: GpxUploadState<F>): F | null {
  return state.stage === 'file-chosen' || state.stage === 'uploading' || state.stage === 'error'
    ? state.file
    : null;
}

/** Whole percent sent, 0-100. */
export function uploadPercent(sentBytes: number, totalBytes: number): number {
  if (totalBytes <= 0) return 0;
  return Math.min(100, Math.floor((sentBytes / totalBytes) * 100));
}
