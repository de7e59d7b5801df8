/**
 * A search box term -> a prefix full-text query. Only letters and digits survive, so no tsquery
 * syntax (& | ! : * ( ) < > quotes) can reach to_tsquery and make it fail; each word becomes
 * `word:*` (it matches while the member is still typing) and all words are required.
 */
export const MAX_SEARCH_WORDS = 8;
export const MAX_SEARCH_WORD_LENGTH = 40;

export function searchWords(term: string): string[] {
  const words = term
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_SEARCH_WORD_LENGTH));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * PostgreSQL's English stop words (tsearch_data/english.stop). The search vectors hold none of
 * them, so a stop word can only be ignored: to_tsquery would drop it from an AND anyway, but a
 * term of stop words alone would become an empty query that matches nothing.
 */
const STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she
  her hers herself it its itself they them their theirs themselves what which who whom this that
  these those am is are was were be been being have has had having do does did doing a an the and
  but if or because as until while of at by for with about against between into through during
  before after above below to from up down in out on off over under again further then once here
  there when where why how all any both each few more most other some such no nor not only own
  same so than too very s t can will just don should now`.split(/\s+/),
);

/** The to_tsquery('english', ...) text for the words, or null when no word is left to match. */
export function prefixTsquery(words: string[]): string | null {
  const kept = words.filter((w) => !STOP_WORDS.has(w));
  return kept.length > 0 ? kept.map((w) => `${w}:*`).join(' & ') : null;
}
