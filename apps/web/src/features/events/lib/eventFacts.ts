import type { EventListItem } from '@ridealong/contracts';

/** The card's line for an event nobody has started: there is no set time (issue 23). */
export const NOT_STARTED_TEXT = 'Starts when the host is ready';

/** The calendar day of `ms` in `timeZone` (the viewer's when undefined). */
const dayOf = (ms: number, timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);

/**
 * When the event starts or started, as an event card says it: an event in its waiting room
 * starts when its host presses Start, so it has no time yet; a started one says when, with
 * the day unless it is today. `locale`/`timeZone` are the viewer's unless a test fixes them.
 */
export function eventTimeText(
  event: Pick<EventListItem, 'status' | 'timeStart'>,
  now: number,
  options: { locale?: string; timeZone?: string } = {},
): string {
  if (event.timeStart === null) return NOT_STARTED_TEXT;
  const today = dayOf(event.timeStart, options.timeZone) === dayOf(now, options.timeZone);
  const text = new Intl.DateTimeFormat(options.locale, {
    ...(today ? {} : { month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZone: options.timeZone,
  }).format(event.timeStart);
  return event.status === 'complete' ? `Rode ${text}` : `Started ${text}`;
}

const riders = (n: number) => `${n} ${n === 1 ? 'rider' : 'riders'}`;

/**
 * How many are in the event: those in it now while it is open, those who rode it once it is
 * complete (the `joined` count; a v1 server without it says nothing for a complete event).
 */
export function eventRidersText(
  event: Pick<EventListItem, 'status' | 'riders' | 'joined'>,
): string | null {
  if (event.status !== 'complete') return `${riders(event.riders)} in`;
  return event.joined === undefined ? null : `${riders(event.joined)} rode`;
}
