import type { EventListItem, EventStatus } from '@ridealong/contracts';

/** The filter above the list (document 001 '/events'): All, Live, Upcoming. */
export type EventFilter = 'all' | 'live' | 'upcoming';

export const EVENT_FILTERS: ReadonlyArray<{ value: EventFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'live', label: 'Live' },
  { value: 'upcoming', label: 'Upcoming' },
];

/** Live is in-progress, Upcoming is waiting-room; completed events show under All only. */
const FILTER_STATUS: Record<Exclude<EventFilter, 'all'>, EventStatus> = {
  live: 'in-progress',
  upcoming: 'waiting-room',
};

export function filterEvents<T extends { status: EventStatus }>(
  events: readonly T[],
  filter: EventFilter,
): T[] {
  if (filter === 'all') return [...events];
  const status = FILTER_STATUS[filter];
  return events.filter((e) => e.status === status);
}

/**
 * The active list, then the completed pages, each event once. The active list can be up to a
 * poll (5 s) older than a completed page, so an event found in both is listed as complete (an
 * event never leaves 'complete'); a page shifted by a newly completed event repeats a row,
 * which is listed once too.
 */
export function mergeEventLists(
  active: readonly EventListItem[],
  completedPages: ReadonlyArray<{ events: readonly EventListItem[] }>,
): EventListItem[] {
  const completed: EventListItem[] = [];
  const seen = new Set<number>();
  for (const page of completedPages) {
    for (const event of page.events) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      completed.push(event);
    }
  }
  const stillActive = active.filter((e) => !seen.has(e.id));
  return [...stillActive, ...completed];
}

/** 'Hosted by {host display name or a racer}' (document 001 '/events'). */
export function hostedByText(hostDisplayName: string): string {
  return `Hosted by ${hostDisplayName.trim() || 'a racer'}`;
}
