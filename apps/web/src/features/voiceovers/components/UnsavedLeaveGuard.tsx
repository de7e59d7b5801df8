import { useEffect } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useBlocker } from 'react-router';
import { VOICEOVER_TEXT } from '../lib/messages';

/**
 * Rendered only while there are unsaved recordings: leaving the page then asks first (document
 * 001 section 5), in-app links in a dialog, closing or reloading the tab through the browser's
 * own prompt. Mounted only then because a router consults one blocker at a time (the last
 * registered), and the ride's own leave guard on the same page must keep working otherwise.
 */
export function UnsavedLeaveGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let left = false;
    modals.openConfirmModal({
      title: 'Unsaved recordings',
      children: <Text size="sm">{VOICEOVER_TEXT.leave}</Text>,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red', 'data-testid': 'voiceover-leave' },
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
      event.returnValue = VOICEOVER_TEXT.leave;
      return VOICEOVER_TEXT.leave;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return null;
}
