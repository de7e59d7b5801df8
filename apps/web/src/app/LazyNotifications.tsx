import { useNotifications } from '@mantine/notifications';
import { lazyPart, useLazyPart } from '../lib/lazyPart';

// Most visits show no notification: the container's code (its transitions and Mantine's
// scroll-lock classes) loads with the first one. The store, which shows and hides them, is tiny
// and stays in the first load; notifications shown before the code arrives wait there.
const container = lazyPart(async () => (await import('@mantine/notifications')).Notifications);

/** Mantine's notifications container, from the first notification on. */
export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const Notifications = useLazyPart(container, notifications.length + queue.length > 0);
  return Notifications ? <Notifications position="top-right" /> : null;
}
