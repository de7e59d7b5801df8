/** Shown when the server could not be reached at all (the request never got an answer). */
export const NETWORK_ERROR_TEXT =
  'We could not reach RideAlong. Check your connection and try again.';
export const GOOGLE_UNAVAILABLE_TEXT = 'Google sign-in is not available on this server.';
export const GOOGLE_CANCELLED_TEXT = 'Google sign-in was cancelled. Please try again.';
export const POPUP_BLOCKED_TEXT = 'Please allow pop-ups for this site to sign in with Google.';

/**
 * The server names the field at fault ('body.password: Password must be at least 6...');
 * a person only needs the sentence after the field path.
 */
export function friendlyServerMessage(message: string): string {
  return message
    .split('; ')
    .map((part) => part.replace(/^(body|query|params)(\.[\w.]+)?: /, ''))
    .join(' ');
}

export type TextSegment = { text: string; phrase: boolean };

/**
 * Splits a sentence around the given phrases (first occurrence each, in order) so those
 * parts can be rendered as links while the whole text stays the exact catalogue message.
 */
export function splitOnPhrases(text: string, phrases: readonly string[]): TextSegment[] {
  const out: TextSegment[] = [];
  let rest = text;
  for (const phrase of phrases) {
    const at = rest.indexOf(phrase);
    if (at < 0) continue;
    if (at > 0) out.push({ text: rest.slice(0, at), phrase: false });
    out.push({ text: phrase, phrase: true });
    rest = rest.slice(at + phrase.length);
  }
  if (rest) out.push({ text: rest, phrase: false });
  return out;
}
