/** On wide screens (992 px and up) the description is cut at 350 characters (section 9). */
export const DESCRIPTION_LIMIT = 350;

export function truncateDescription(
  text: string,
  { wide, expanded }: { wide: boolean; expanded: boolean },
): { text: string; truncated: boolean } {
  if (!wide || expanded || text.length <= DESCRIPTION_LIMIT) return { text, truncated: false };
  return { text: text.slice(0, DESCRIPTION_LIMIT).trimEnd(), truncated: true };
}
