import { useLeaveWarning } from '../../../components/LeaveWarning';

export const LEAVE_WARNING = 'Are you sure you want to leave? You have unsaved recordings.';

/**
 * Warns before leaving with an unsaved ride (dialog in the app, the browser's prompt on close
 * or reload). Returns a function that lets the next navigation through (after a save or a discard).
 */
export function useLeaveGuard(unsaved: boolean) {
  return useLeaveWarning(unsaved, { title: 'Unsaved ride', message: LEAVE_WARNING });
}
