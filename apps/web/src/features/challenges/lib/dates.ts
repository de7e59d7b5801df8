import { challengeWindow, type Challenge } from '@ridealong/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(date: string): { y: number; m: string; d: number } {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return { y, m: MONTHS[m - 1] ?? '', d };
}

/** The calendar dates as one range: 'Dec 1 – 31, 2025', 'Dec 1, 2025 – Jan 5, 2026'. */
export function dateRange(startDate: string, endDate: string): string {
  const s = parts(startDate);
  const e = parts(endDate);
  if (s.y !== e.y) return `${s.m} ${s.d}, ${s.y} – ${e.m} ${e.d}, ${e.y}`;
  if (s.m === e.m) return s.d === e.d ? `${s.m} ${s.d}, ${s.y}` : `${s.m} ${s.d} – ${e.d}, ${s.y}`;
  return `${s.m} ${s.d} – ${e.m} ${e.d}, ${s.y}`;
}

export type Phase = 'upcoming' | 'running' | 'ended';

const DAY_MS = 86_400_000;

function days(ms: number): string {
  const n = Math.ceil(ms / DAY_MS);
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

/**
 * Where the challenge stands at `now` (its window: start 00:00 UTC to the end of its end
 * date) and a short line for its badge: 'Starts in 3 days', 'Ends in 5 days', 'Ended'.
 */
export function challengeTiming(
  c: Pick<Challenge, 'start_date' | 'end_date' | 'active'>,
  now: number,
): { phase: Phase; text: string } {
  const { startsAt, endsAt } = challengeWindow(c.start_date, c.end_date);
  if (!c.active || now >= endsAt.getTime()) return { phase: 'ended', text: 'Ended' };
  if (now < startsAt.getTime())
    return { phase: 'upcoming', text: `Starts in ${days(startsAt.getTime() - now)}` };
  const left = endsAt.getTime() - now;
  return { phase: 'running', text: left <= DAY_MS ? 'Ends today' : `Ends in ${days(left)}` };
}
