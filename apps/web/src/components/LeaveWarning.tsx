import { useEffect, useRef } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useBlocker } from 'react-router';

export interface LeaveWarningText {
  /** The dialog's title, which also names it for assistive technology. */
  title: string;
  /** The sentence in the dialog, also handed to the browser's own prompt. */
  message: string;
  /** A test id for the Leave button, where a test needs one. */
  confirmTestId?: string;
}

/**
 * Warns before leaving while `active`: in-app navigation to another page asks in a dialog
 * (Leave / Stay), closing or reloading the tab through the browser's own prompt. Returns a
 * function that lets the next navigation through at once (after a save or a discard), because
 * the blocker reads a ref that a re-render would otherwise update too late.
 */
export function useLeaveWarning(active: boolean, text: LeaveWarningText) {
  const { title, message, confirmTestId } = text;
  const guard = useRef(active);
  useEffect(() => {
    guard.current = active;
  }, [active]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guard.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let left = false;
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red', 'data-testid': confirmTestId },
      onConfirm: () => {
        left = true;
        blocker.proceed();
      },
      // Cancel, Escape and a click outside all stay on the page.
      onClose: () => {
        if (!left) blocker.reset();
      },
    });
  }, [blocker, title, message, confirmTestId]);

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older engines (Electron included) show the prompt only when returnValue is set.
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active, message]);

  return () => {
    guard.current = false;
  };
}

/**
 * The warning for as long as it is mounted. Parts of a page that share it with another guard
 * mount this only while needed: a router consults one blocker at a time (the newest), so the
 * other guard has it back once this unmounts.
 */
export function LeaveWarning(props: LeaveWarningText) {
  useLeaveWarning(true, props);
  return null;
}
