/**
 * The update files electron-builder publishes for its generic provider (latest.yml,
 * latest-mac.yml, latest-linux.yml). A small reader of the YAML it writes, not a YAML parser:
 * top-level `key: value` lines and the `files:` list of `- url:` items; anything else (release
 * notes, block scalars) is skipped. The fields read are the ones the server needs.
 */

export type FeedFile = { url: string; sha512: string; size: number };

export type FeedInfo = {
  version: string;
  files: FeedFile[];
  /** The file the updater downloads (electron-builder's legacy single-file fields). */
  path: string | null;
  sha512: string | null;
  releaseDate: string | null;
};

export type FeedParse = { ok: true; info: FeedInfo } | { ok: false; problem: string };

/** More than any real feed has: a larger one is not read. */
export const MAX_FEED_BYTES = 64 * 1024;
const MAX_FILES = 20;

const KEY_VALUE = /^([A-Za-z][A-Za-z0-9_-]*):(?:\s+(.*))?$/;

/** A plain, single- or double-quoted scalar; `#` comments after plain values are dropped. */
function scalar(raw: string | undefined): string {
  const v = (raw ?? '').trim();
  if (v.startsWith("'") && v.endsWith("'") && v.length >= 2)
    return v.slice(1, -1).replace(/''/g, "'");
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) return v.slice(1, -1);
  return v.replace(/\s+#.*$/, '');
}

type Item = Record<string, string>;

/** Reads the lines into top-level values and the `files:` items. */
function readLines(text: string): { top: Item; items: Item[] } | string {
  // No prototype: keys such as `constructor` or `__proto__` are plain keys here.
  const top: Item = Object.create(null) as Item;
  const items: Item[] = [];
  let inFiles = false;
  let skipping = false;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (line.includes('\t')) return 'tabs are not YAML indentation';
    const indented = /^\s/.test(line);
    if (!indented) {
      const m = KEY_VALUE.exec(line);
      if (!m) return `unreadable line: ${line.slice(0, 60)}`;
      const [, key = '', value] = m;
      if (Object.hasOwn(top, key)) return `${key} appears twice`;
      inFiles = key === 'files' && (value ?? '').trim() === '';
      // A block scalar or a nested map of another key: its indented lines are not ours.
      skipping = !inFiles;
      top[key] = inFiles ? '' : scalar(value);
      continue;
    }
    if (skipping) continue;
    if (!inFiles) return `unexpected indented line: ${line.slice(0, 60)}`;
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item) {
      if (items.length >= MAX_FILES) return `more than ${MAX_FILES} files`;
      items.push(Object.create(null) as Item);
    }
    const m = KEY_VALUE.exec((item ? (item[1] ?? '') : line).trim());
    const current = items.at(-1);
    if (!m || !current) return `unreadable files entry: ${line.slice(0, 60)}`;
    current[m[1] ?? ''] = scalar(m[2]);
  }
  return { top, items };
}

const SIZE = /^\d{1,15}$/;

/** Parses one feed file's text; a problem names what is wrong (logged by the caller). */
export function parseFeed(text: string): FeedParse {
  if (text.length > MAX_FEED_BYTES) return { ok: false, problem: 'the file is too large' };
  const read = readLines(text);
  if (typeof read === 'string') return { ok: false, problem: read };
  const { top, items } = read;
  const version = top.version ?? '';
  if (version === '') return { ok: false, problem: 'no version' };
  if (items.length === 0) return { ok: false, problem: 'no files' };
  const files: FeedFile[] = [];
  for (const item of items) {
    const { url = '', sha512 = '', size = '' } = item;
    if (url === '' || sha512 === '' || !SIZE.test(size)) {
      return { ok: false, problem: 'a files entry lacks url, sha512 or size' };
    }
    files.push({ url, sha512, size: Number(size) });
  }
  return {
    ok: true,
    info: {
      version,
      files,
      path: top.path || null,
      sha512: top.sha512 || null,
      releaseDate: top.releaseDate || null,
    },
  };
}
