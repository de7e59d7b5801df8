import type { EventStatus } from '@ridealong/contracts';
import { hostLeavingCancels } from '../group/index.js';

export const EVENT_MESSAGES = {
  notFound: 'Event not found.',
  videoNotFound: 'Video not found.',
  videoNotReady: 'This video is not ready to ride yet.',
  notYourself: 'You can only host an event yourself.',
  alreadyHosting: 'You are already hosting an event. Leave it first.',
} as const;

/**
 * What creating an event does when the host already has an open one: a retry of the same
 * create (same video, not started yet, e.g. the desktop app sending again after a timeout)
 * takes that event again. Otherwise the host has moved on (a page closed without leaving, a
 * crash): the old event ends as the host's leaving would end it (host-rule.ts), unless others
 * are riding it, which is refused, since a host runs one event at a time.
 */
export function existingEventVerdict(
  open: { raceUrl: string; status: EventStatus },
  raceUrl: string,
  othersPresent: number,
): 'reuse' | 'supersede' | 'conflict' {
  if (open.raceUrl === raceUrl && open.status === 'waiting-room') return 'reuse';
  return hostLeavingCancels(open.status, othersPresent) ? 'supersede' : 'conflict';
}

/** The event's length in whole seconds, from the video's; null while the video's is unknown. */
export function eventDuration(videoSeconds: number): number | null {
  return Number.isFinite(videoSeconds) && videoSeconds > 0 ? Math.round(videoSeconds) : null;
}
