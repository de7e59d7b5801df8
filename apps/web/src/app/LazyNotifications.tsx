import { useSyncExternalStore } from 'react';
import { useNotifications } from '@mantine/notifications';
import { lazyPart, useLazyPart } from '../lib/lazyPart';

// Most visits show no notification: the container's code (its transitions and Mantine's
// scroll-lock classes) loads with the first one. The store, which shows and hides them, is tiny
// and stays in the first load; notifications shown before the code arrives wait there.
const container = lazyPart(async () => (await import('@mantine/notifications')).Notifications);

const onFullscreenChange = (notify: () => void) => {
  document.addEventListener('fullscreenchange', notify);
  return () => document.removeEventListener('fullscreenchange', notify);
};
const fullscreenElement = () => document.fullscreenElement;

/**
 * Mantine's notifications container, from the first notification on. While an element is in
 * fullscreen (a ride's stage) it is drawn inside it: the page's body is not shown then, and a
 * ride's errors and notices must be (the key remounts it in its new place).
 */
export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const Notifications = useLazyPart(container, notifications.length + queue.length > 0);
  const fullscreen = useSyncExternalStore(onFullscreenChange, fullscreenElement, () => null);
  if (!Notifications) return null;
  return fullscreen instanceof HTMLElement ? (
    <Notifications key="fullscreen" position="top-right" portalProps={{ target: fullscreen }} />
  ) : (
    <Notifications key="page" position="top-right" />
  );
}
