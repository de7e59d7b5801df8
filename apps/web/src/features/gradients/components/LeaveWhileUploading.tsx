import { useEffect } from 'react';
import { modals } from '@mantine/modals';
import { useBlocker } from 'react-router';

/** Document 001 section 5: leaving during a GPX upload. */
export const LEAVE_DURING_GPX_UPLOAD =
  'Your files have not been uploaded yet, are you sure you want to leave?';

/**
 * Rendered only while a GPX file goes up: in-app navigation to another page asks in a dialog,
 * closing or reloading the window through the browser's own prompt. Mounted only then because
 * a router honours one blocker at a time (the newest): the ride's guard has it back after.
 */
export function LeaveWhileUploading() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let left = false;
    modals.openConfirmModal({
      title: 'Upload in progress',
      children: LEAVE_DURING_GPX_UPLOAD,
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
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older engines (Electron included) show the prompt only when returnValue is set.
      event.returnValue = LEAVE_DURING_GPX_UPLOAD;
      return LEAVE_DURING_GPX_UPLOAD;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return null;
}
