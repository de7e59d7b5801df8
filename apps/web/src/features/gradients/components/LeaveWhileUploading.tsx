import { LeaveWarning } from '../../../components/LeaveWarning';

/** Document 001 section 5: leaving during a GPX upload. */
export const LEAVE_DURING_GPX_UPLOAD =
  'Your files have not been uploaded yet, are you sure you want to leave?';

/**
 * Rendered only while a GPX file goes up, so that the ride's own guard on the same page has the
 * router's one blocker back after.
 */
export function LeaveWhileUploading() {
  return <LeaveWarning title="Upload in progress" message={LEAVE_DURING_GPX_UPLOAD} />;
}
