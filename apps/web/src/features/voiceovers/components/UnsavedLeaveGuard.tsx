import { LeaveWarning } from '../../../components/LeaveWarning';
import { VOICEOVER_TEXT } from '../lib/messages';

/**
 * Rendered only while there are unsaved recordings (document 001 section 5), so that the ride's
 * own guard on the same page has the router's one blocker back after.
 */
export function UnsavedLeaveGuard() {
  return (
    <LeaveWarning
      title="Unsaved recordings"
      message={VOICEOVER_TEXT.leave}
      confirmTestId="voiceover-leave"
    />
  );
}
