/**
 * Plausible and hostile values from JSON Schemas (the OpenAPI document's, or the /ride events'
 * through z.toJSONSchema), for the route sweep: a valid-looking base value, then the same value
 * with each field in turn replaced by something an attacker or a broken client would send.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
};

/** Values the fixtures make real (a video's url, a member's id), by field name. */
export type Hints = Record<string, unknown>;

export const NUL_TEXT = 'ride\u0000along';
export const LONG_TEXT = 'x'.repeat(10_000);
/** Numbers beyond int4, beyond safe integers, negative, fractional, and times past year 9999. */
export const HOSTILE_NUMBERS: unknown[] = [
  2147483648,
  1e20,
  -1,
  1.5,
  'abc',
  253402300800000,
  -253402300800000,
  1e308,
  null,
];
const HOSTILE_STRINGS: unknown[] = [NUL_TEXT, LONG_TEXT, 12345, null, { a: 1 }];
const HOSTILE_BOOLEANS: unknown[] = ['true', 0, null];
/** What path and query parameters get: the same abuse, as text. */
export const HOSTILE_PARAMS = [
  '2147483648',
  '1e20',
  '-1',
  '1.5',
  'abc',
  NUL_TEXT,
  LONG_TEXT,
  '253402300800000',
  '99999999999999999999999',
  '',
];
/** Whole payloads of the wrong shape. */
export const HOSTILE_BODIES: unknown[] = [undefined, {}, [], 'text', null, 12, { [NUL_TEXT]: 1 }];

const typeOf = (s: JsonSchema): string | undefined => {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  return undefined;
};

const option = (s: JsonSchema): JsonSchema => {
  const options = s.anyOf ?? s.oneOf;
  return options?.find((o) => o.type !== 'null') ?? s;
};

function sampleText(s: JsonSchema, name: string): string {
  if (s.format === 'date-time') return '2030-01-01T00:00:00Z';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com/photo.png';
  if (s.format === 'email' || /email/i.test(name)) return 'rider@example.com';
  const text = 'sample-ride-text'.slice(0, Math.max(s.minLength ?? 0, 8));
  return text.padEnd(s.minLength ?? 0, 'x');
}

function sampleNumber(s: JsonSchema): number {
  const exclusive =
    typeof s.exclusiveMinimum === 'number'
      ? s.exclusiveMinimum + 1
      : s.exclusiveMinimum === true
        ? (s.minimum ?? 0) + 1
        : undefined;
  const low = exclusive ?? s.minimum ?? 1;
  return Math.min(Math.max(low, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
}

/** A valid-looking value for a schema; hints give real values by field name. */
export function sample(schema: JsonSchema, hints: Hints, name = ''): unknown {
  if (name in hints) return hints[name];
  const s = option(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'string':
      return sampleText(s, name);
    case 'integer':
    case 'number':
      return sampleNumber(s);
    case 'boolean':
      return true;
    case 'array':
      if (s.prefixItems) return s.prefixItems.map((item) => sample(item, hints));
      if (Array.isArray(s.items)) return s.items.map((item) => sample(item, hints));
      return s.items ? [sample(s.items, hints)] : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, prop]) => [key, sample(prop, hints, key)]),
      );
    default:
      return 'sample';
  }
}

const hostileFor = (s: JsonSchema): unknown[] => {
  switch (typeOf(option(s))) {
    case 'string':
      return HOSTILE_STRINGS;
    case 'integer':
    case 'number':
      return HOSTILE_NUMBERS;
    case 'boolean':
      return HOSTILE_BOOLEANS;
    case 'array':
      return ['not-a-list', Array.from({ length: 2000 }, () => NUL_TEXT), null];
    case 'object':
      return ['not-an-object', [], null];
    default:
      return [NUL_TEXT, 2147483648, null];
  }
};

/** Copies `base` with the value at `path` replaced. */
function replaced(base: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(base)) {
    const copy = [...(base as unknown[])];
    copy[head as number] = replaced(copy[head as number], rest, value);
    return copy;
  }
  const obj = { ...(base as Record<string, unknown>) };
  obj[head as string] = replaced(obj[head as string], rest, value);
  return obj;
}

/** Every field of a schema with its path (array items as index 0, tuples by position). */
function fields(schema: JsonSchema, path: Array<string | number> = []) {
  const out: Array<{ path: Array<string | number>; schema: JsonSchema }> = [];
  const s = option(schema);
  if (path.length > 0) out.push({ path, schema: s });
  if (s.properties) {
    for (const [key, prop] of Object.entries(s.properties))
      out.push(...fields(prop, [...path, key]));
  }
  const items = s.prefixItems ?? (Array.isArray(s.items) ? s.items : s.items ? [s.items] : []);
  items.forEach((item, i) => out.push(...fields(item, [...path, i])));
  return out;
}

/** The base value, each field replaced by each hostile value, and wrong whole payloads. */
export function hostileVariants(schema: JsonSchema, hints: Hints): unknown[] {
  const base = sample(schema, hints);
  const variants: unknown[] = [base, ...HOSTILE_BODIES];
  for (const field of fields(schema)) {
    for (const value of hostileFor(field.schema)) variants.push(replaced(base, field.path, value));
  }
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    variants.push({ ...base, [`extra${NUL_TEXT}`]: NUL_TEXT });
  }
  return variants;
}
