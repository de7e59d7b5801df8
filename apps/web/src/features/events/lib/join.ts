import type { EventListItem, EventStatus } from '@ridealong/contracts';
import { groupEntryPath } from '../../../lib/groupEntry';

export type JoinContext = { signedIn: boolean; electronMode: boolean };

/** Complete events have nothing to join: their card has no Join button. */
export function canJoin(status: EventStatus): boolean {
  return status !== 'complete';
}

/**
 * Where Join leads (document 001 '/events'): a guest signs in first; a member in the desktop
 * app enters the event's group ride on the video page; a member in a browser, who cannot ride,
 * is shown how to set up the desktop app.
 */
export function joinDestination(
  event: Pick<EventListItem, 'id' | 'race_url' | 'status'>,
  ctx: JoinContext,
): string {
  if (!ctx.signedIn) return '/login';
  if (ctx.electronMode) {
    return groupEntryPath(event.race_url, { eventId: event.id, status: event.status });
  }
  return '/setup';
}
