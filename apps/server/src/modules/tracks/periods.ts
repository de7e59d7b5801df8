/** Stats buckets are 15 minutes: every UTC offset in use is a multiple of that. */
export const STATS_BUCKET_MS = 15 * 60 * 1000;

/** The start of the bucket holding `at`. */
export const bucketOf = (at: Date) =>
  new Date(Math.floor(at.getTime() / STATS_BUCKET_MS) * STATS_BUCKET_MS);

/** True for an IANA zone name the runtime knows ('UTC', 'Europe/Paris', ...). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

type Local = { year: number; month: number; day: number; weekday: number };
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

function parts(at: Date, tz: string): Local & { hour: number; minute: number; second: number } {
  const p = Object.fromEntries(
    formatter(tz)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: WEEKDAYS.indexOf(p.weekday ?? ''),
  };
}

/** How far the zone's wall clock is ahead of UTC at `at`, in ms. */
function offsetMs(at: Date, tz: string): number {
  const p = parts(at, tz);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of local midnight starting a calendar day in the zone (month may overflow). */
export function localMidnight(year: number, month: number, day: number, tz: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  let guess = wall - offsetMs(new Date(wall), tz);
  // Once more with the offset at the guess, which differs when a DST change lies in between.
  guess = wall - offsetMs(new Date(guess), tz);
  return new Date(guess);
}

export type PeriodStarts = { week: Date; month: Date; year: Date };

/** Where the current week (Monday), month and year began in the zone, as instants. */
export function periodStarts(now: Date, tz: string): PeriodStarts {
  const p = parts(now, tz);
  return {
    week: localMidnight(p.year, p.month, p.day - p.weekday, tz),
    month: localMidnight(p.year, p.month, 1, tz),
    year: localMidnight(p.year, 1, 1, tz),
  };
}
