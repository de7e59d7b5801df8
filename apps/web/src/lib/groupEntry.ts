import { EVENT_STATUSES, type EventStatus } from '@ridealong/contracts';
import { videoPath } from './videoPath';

/**
 * A group entry into /video/{race_url} (document 001 section 2: 'Group entry carries the event
 * id, a group-ride flag and the event status'). /events writes it when a member joins from the
 * desktop app; the video page reads it back with parseGroupEntry. No zod here: the video page
 * loads this too, and these three values are checked by hand.
 */
export const GROUP_ENTRY_PARAMS = {
  eventId: 'eventId',
  group: 'group',
  status: 'status',
} as const;

/** The group-ride flag's value when set. */
export const GROUP_ENTRY_FLAG = 'true';

export type GroupEntry = { eventId: number; status: EventStatus };

/** /video/{race_url}?eventId={id}&group=true&status={status} */
export function groupEntryPath(raceUrl: string, entry: GroupEntry): string {
  const params = new URLSearchParams();
  params.set(GROUP_ENTRY_PARAMS.eventId, String(entry.eventId));
  params.set(GROUP_ENTRY_PARAMS.group, GROUP_ENTRY_FLAG);
  params.set(GROUP_ENTRY_PARAMS.status, entry.status);
  return videoPath(raceUrl, params);
}

const isEventStatus = (value: string | null): value is EventStatus =>
  (EVENT_STATUSES as readonly (string | null)[]).includes(value);

/**
 * The group entry a video page's query string carries, or null when it is not one: the flag
 * missing, or an id or status that /events could not have written (a hand-edited address).
 */
export function parseGroupEntry(params: URLSearchParams): GroupEntry | null {
  if (params.get(GROUP_ENTRY_PARAMS.group) !== GROUP_ENTRY_FLAG) return null;
  const rawId = params.get(GROUP_ENTRY_PARAMS.eventId) ?? '';
  const status = params.get(GROUP_ENTRY_PARAMS.status);
  if (!/^[1-9]\d{0,15}$/.test(rawId) || !isEventStatus(status)) return null;
  const eventId = Number(rawId);
  return Number.isSafeInteger(eventId) ? { eventId, status } : null;
}
