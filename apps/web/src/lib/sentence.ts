/**
 * A message as a sentence: trimmed, with a full stop unless it already ends a sentence. Server
 * messages mostly end with one ('This checkout has ended.'), so text joined after them must not
 * add a second.
 */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return /[.!?…]["'’”)]*$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
