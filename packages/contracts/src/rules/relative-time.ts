/**
 * '{relative time}' in the plan messages (document 000 section 4), e.g. 'in 3 days',
 * 'in 2 hours', 'tomorrow' is avoided on purpose: the sentences read 'will expire in 3 days.'
 * Rounded like moment's fromNow: seconds -> 'in a few seconds', then minutes, hours, days,
 * months, years; past times read '3 days ago'.
 */
export function relativeTime(target: Date | string, now: Date = new Date()): string {
  const ms = new Date(target).getTime() - now.getTime();
  if (Number.isNaN(ms)) return 'soon';
  const s = Math.abs(ms) / 1000;
  const say = (text: string) => (ms >= 0 ? `in ${text}` : `${text} ago`);
  const unit = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);
  if (s < 45) return say('a few seconds');
  const minutes = Math.round(s / 60);
  if (minutes < 45) return say(unit(minutes, 'a minute', 'minutes'));
  const hours = Math.round(s / 3600);
  if (hours < 22) return say(unit(hours, 'an hour', 'hours'));
  const days = Math.round(s / 86_400);
  if (days < 26) return say(unit(days, 'a day', 'days'));
  const months = Math.round(days / 30.44);
  if (days < 320) return say(unit(Math.max(1, months), 'a month', 'months'));
  return say(unit(Math.max(1, Math.round(days / 365.25)), 'a year', 'years'));
}
