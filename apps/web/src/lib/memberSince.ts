/**
 * 'Member since March 2024' from the user's created date; null while the stored user has
 * no date yet (an old stored copy before the refresh) or it cannot be read.
 */
export function memberSince(createdAt: string | undefined, locale?: string): string | null {
  if (!createdAt) return null;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return `Member since ${date.toLocaleDateString(locale, { month: 'long', year: 'numeric' })}`;
}
