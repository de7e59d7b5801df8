import type { EventStatus } from '@ridealong/contracts';

export const EVENT_MESSAGES = {
  notFound: 'Event not found.',
  videoNotFound: 'Video not found.',
  videoNotReady: 'This video is not ready to ride yet.',
  notYourself: 'You can only host an event yourself.',
  alreadyHosting: 'You are already hosting an event. Leave it first.',
} as const;

/** The name on the event card: the one the client sent, or the member's own display name. */
export function hostDisplayName(sent: string | undefined, memberDisplayName: string): string {
  const trimmed = sent?.trim() ?? '';
  return trimmed === '' ? memberDisplayName : trimmed;
}

/**
 * What creating an event does when the host already has an open one: a retry of the same
 * create (same video, not started yet, e.g. the desktop app sending again after a timeout)
 * takes that event again; anything else is refused, since a host runs one event at a time.
 */
export function existingEventVerdict(
  open: { raceUrl: string; status: EventStatus },
  raceUrl: string,
): 'reuse' | 'conflict' {
  return open.raceUrl === raceUrl && open.status === 'waiting-room' ? 'reuse' : 'conflict';
}

/** The event's length in whole seconds, from the video's; null while the video's is unknown. */
export function eventDuration(videoSeconds: number): number | null {
  return Number.isFinite(videoSeconds) && videoSeconds > 0 ? Math.round(videoSeconds) : null;
}
