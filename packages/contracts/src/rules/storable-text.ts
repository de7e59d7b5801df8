/**
 * Text PostgreSQL cannot keep: U+0000 is refused by `text` and `jsonb` columns (the query
 * fails), and a lone UTF-16 surrogate cannot be encoded as UTF-8 (it would be stored as
 * U+FFFD, silently changed).
 */
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'contains a character that cannot be stored';

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

export type ValuePath = Array<string | number>;

/** Records to walk: parsed JSON, and query/params objects (whose prototypes are their own). */
const isRecord = (v: object): v is Record<string, unknown> =>
  !ArrayBuffer.isView(v) && !(v instanceof ArrayBuffer);

/** A value met in the walk, linked to where it sits (paths are built only when one is bad). */
type Node = { value: unknown; key: string | number | null; parent: Node | null };

const pathOf = (node: Node): ValuePath => {
  const path: ValuePath = [];
  for (let n: Node | null = node; n && n.key !== null; n = n.parent) path.push(n.key);
  return path.reverse();
};

const shown = (key: string) => key.replace(new RegExp(UNSTORABLE.source, 'g'), '?');

/**
 * The path of the first string (or object key) in `value` that cannot be stored, or null.
 * Walks arrays and objects' own keys (byte arrays and Buffers are not text), and iterates
 * with its own stack, so however deeply a hostile body nests, it cannot overflow the call stack.
 * A bad key is reported with its bad characters shown as '?'.
 */
export function findUnstorableText(value: unknown): ValuePath | null {
  const stack: Node[] = [{ value, key: null, parent: null }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const v = node.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (typeof v === 'object' && v !== null && isRecord(v)) {
      for (const [key, child] of Object.entries(v).reverse()) {
        if (!isStorableText(key)) return [...pathOf(node), shown(key)];
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return null;
}

/**
 * `body.points.0.raw_data.note: contains a character that cannot be stored`, or null when
 * everything in `value` can be stored. `where` names the part of the request ('' for none).
 */
export function unstorableTextMessage(where: string, value: unknown): string | null {
  const path = findUnstorableText(value);
  if (!path) return null;
  const field = [where, ...path].filter((p) => p !== '').join('.');
  return `${field || 'value'}: ${UNSTORABLE_TEXT_MESSAGE}`;
}
