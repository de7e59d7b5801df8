import { useEffect, useRef } from 'react';
import { modals } from '@mantine/modals';
import { useBlocker } from 'react-router';

export const LEAVE_WARNING = 'Are you sure you want to leave? You have unsaved recordings.';

/**
 * Warns before leaving with an unsaved ride: in-app navigation asks in a dialog, closing or
 * reloading the tab through the browser's own prompt. The ref lets a save navigate away at once.
 */
export function useLeaveGuard(unsaved: boolean) {
  const guard = useRef(unsaved);
  useEffect(() => {
    guard.current = unsaved;
  }, [unsaved]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guard.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let left = false;
    modals.openConfirmModal({
      title: 'Unsaved ride',
      children: LEAVE_WARNING,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        left = true;
        blocker.proceed();
      },
      // Cancel, Escape and a click outside all stay on the page.
      onClose: () => {
        if (!left) blocker.reset();
      },
    });
  }, [blocker]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older engines (Electron included) show the prompt only when returnValue is set.
      event.returnValue = LEAVE_WARNING;
      return LEAVE_WARNING;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  /** Lets the next navigation through (after a save or a discard). */
  return () => {
    guard.current = false;
  };
}
