import net from 'node:net';
import {
  HOSTILE_PARAMS,
  hostileVariants,
  sample,
  type Hints,
  type JsonSchema,
} from './hostile-inputs.js';

/** One request of the sweep. */
export type Probe = {
  method: string;
  path: string;
  body?: unknown;
  /** Raw text with its content type (tus, webhooks); otherwise `body` goes as JSON. */
  raw?: { type: string; text: string };
  headers?: Record<string, string>;
};

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every method and path of the document (HEAD and OPTIONS are Fastify's own). */
export function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));

/**
 * The probes of one operation: each path and query parameter with each hostile text (the
 * others plausible), then each body variant with plausible parameters.
 */
export function probesFor(
  op: { method: string; path: string; op: Operation },
  hints: Hints,
): Probe[] {
  const params = op.op.parameters ?? [];
  const base = Object.fromEntries(
    params.map((p) => [p.name, String(sample(p.schema ?? {}, hints, p.name))]),
  );
  const url = (values: Record<string, string>) => {
    const query = params
      .filter((p) => p.in === 'query')
      .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(values[p.name] ?? '')}`);
    return fill(op.path, values) + (query.length ? `?${query.join('&')}` : '');
  };
  const bodySchema = op.op.requestBody?.content?.['application/json']?.schema;
  const bodyBase = bodySchema ? sample(bodySchema, hints) : undefined;
  const probes: Probe[] = [];
  for (const p of params) {
    for (const value of HOSTILE_PARAMS) {
      probes.push({ method: op.method, path: url({ ...base, [p.name]: value }), body: bodyBase });
    }
  }
  const bodies = bodySchema ? hostileVariants(bodySchema, hints) : [undefined, { a: 'b\u0000' }];
  for (const body of bodies) probes.push({ method: op.method, path: url(base), body });
  return probes;
}

export type Answer = { status: number; type: string; text: string };

export async function send(baseUrl: string, probe: Probe, token: string | null): Promise<Answer> {
  const headers: Record<string, string> = { ...probe.headers };
  if (token) headers['x-auth-token'] = token;
  let body: string | undefined;
  if (probe.raw) {
    headers['content-type'] = probe.raw.type;
    body = probe.raw.text;
  } else if (probe.body !== undefined && probe.method !== 'GET' && probe.method !== 'HEAD') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(probe.body);
  }
  const res = await fetch(baseUrl + probe.path, { method: probe.method, headers, body });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text: await res.text(),
  };
}

/**
 * What is wrong with an answer, or null: a 5xx, or a 4xx without `{ status: 'failure',
 * message }` (pages outside /api/ may answer a person with HTML).
 */
export function problemWith(probe: Pick<Probe, 'method' | 'path'>, answer: Answer): string | null {
  if (answer.status >= 500) return `${answer.status} ${answer.text.slice(0, 200)}`;
  // HEAD answers carry no body by definition.
  if (answer.status < 400 || probe.method === 'HEAD') return null;
  const { path } = probe;
  if (!path.startsWith('/api/') && answer.type.startsWith('text/html')) return null;
  try {
    const body = JSON.parse(answer.text) as { status?: unknown; message?: unknown };
    if (body.status === 'failure' && typeof body.message === 'string' && body.message.trim()) {
      return null;
    }
  } catch {
    // not JSON: reported below
  }
  return `${answer.status} without a failure message: ${answer.text.slice(0, 200)}`;
}

/** Runs `work` over `items`, `width` at a time. */
export async function inPool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** A request written byte by byte, for what fetch refuses to send (a NUL in a header). */
export function rawRequest(baseUrl: string, text: string): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const type = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
      resolve({ status, type, text: body });
    });
  });
}
