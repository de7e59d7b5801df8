/**
 * The bounded GPX reader for files from outside (an owner's upload): bytes in chunks, track
 * points out, never the whole file in memory and never more work than the limits allow. Where
 * parseGpx forgives, this refuses with a GpxRefusedError saying why: markup declarations
 * (DOCTYPE, ENTITY: the XML entity bomb; no entity is ever expanded), binary data, a file that
 * is not XML or whose root is not <gpx>, more track points than allowed, a track without times,
 * and times that go backwards. Points are read as parseGpx reads them (same GpxPoint).
 */
import { GpxParseError, type GpxPoint, parseTime } from './gpx.js';

export type GpxRefusal =
  | 'empty'
  | 'binary'
  | 'not_xml'
  | 'not_gpx'
  | 'entities'
  | 'tag_too_long'
  | 'too_many_points'
  | 'no_points'
  | 'no_times'
  | 'times_backwards';

export class GpxRefusedError extends GpxParseError {
  constructor(
    readonly reason: GpxRefusal,
    message: string,
  ) {
    super(message);
  }
}

export type GpxReadLimits = {
  /** More track points than this is refused as soon as the next one starts. */
  maxPoints: number;
  /** A single tag (or an unfinished one at a chunk's end) longer than this is refused. */
  maxTagChars?: number;
};

export const DEFAULT_MAX_TAG_CHARS = 64 * 1024;
/** An <ele> or <time> is a few dozen characters; text beyond this is not kept. */
const MAX_VALUE_CHARS = 64;
/** Characters XML 1.0 forbids: their presence means binary data, not a text file. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const NAME = /^(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/;
const LAT = /(?:^|\s)lat\s*=\s*(["'])(.*?)\1/;
const LON = /(?:^|\s)lon\s*=\s*(["'])(.*?)\1/;

function refuse(reason: GpxRefusal, message: string): never {
  throw new GpxRefusedError(reason, message);
}

type OpenPoint = { lat: number; lon: number; ele: string | null; time: string | null };

export type GpxStreamReader = {
  /** The next bytes (UTF-8) or text of the file; throws GpxRefusedError as soon as it can. */
  push(chunk: Uint8Array | string): void;
  /** The file's end: its points, or GpxRefusedError. A file cut short keeps its whole points. */
  end(): GpxPoint[];
};

export function gpxStreamReader(limits: GpxReadLimits): GpxStreamReader {
  const maxTag = limits.maxTagChars ?? DEFAULT_MAX_TAG_CHARS;
  const decoder = new TextDecoder('utf-8');
  const points: GpxPoint[] = [];
  let buf = '';
  let mode: 'text' | 'comment' | 'cdata' = 'text';
  let phase: 'prolog' | 'root' | 'after' = 'prolog';
  let depth = 0;
  let started = 0;
  let sawMarkup = false;
  let first = true;
  let open: OpenPoint | null = null;
  let capture: { name: 'ele' | 'time'; text: string } | null = null;
  let lastTime: { ms: number; index: number } | null = null;
  let timed = 0;

  const onText = (text: string) => {
    if (text.length === 0) return;
    if (phase === 'prolog') {
      if (/\S/.test(text))
        refuse('not_xml', 'The file is not XML (it starts with text), so it is not a GPX file.');
    } else if (capture && capture.text.length < MAX_VALUE_CHARS) {
      capture.text += text.slice(0, MAX_VALUE_CHARS - capture.text.length);
    }
  };

  const finishPoint = (p: OpenPoint) => {
    const eleText = p.ele?.trim() ?? '';
    const ele = eleText === '' ? null : Number(eleText);
    const timeMs = parseTime(p.time?.trim() ?? null);
    if (timeMs !== null) {
      timed++;
      if (lastTime && timeMs < lastTime.ms) {
        refuse(
          'times_backwards',
          `The GPX track's times go backwards: point ${started} (${iso(timeMs)}) is earlier ` +
            `than point ${lastTime.index} (${iso(lastTime.ms)}), so it cannot be aligned with the video.`,
        );
      }
      lastTime = { ms: timeMs, index: started };
    }
    points.push({
      lat: p.lat,
      lon: p.lon,
      eleM: ele !== null && Number.isFinite(ele) ? ele : null,
      timeMs,
    });
  };

  const openTag = (name: string, body: string, selfClosing: boolean) => {
    if (phase === 'prolog') {
      if (name !== 'gpx')
        refuse(
          'not_gpx',
          `The file is XML but not GPX (its root is <${name.slice(0, 40)}>, not <gpx>).`,
        );
      phase = 'root';
    }
    if (phase !== 'root') return;
    if (name === 'trkpt') {
      if (open) finishPoint(open);
      if (++started > limits.maxPoints) {
        refuse(
          'too_many_points',
          `The GPX track has more than ${limits.maxPoints.toLocaleString('en-US')} points.`,
        );
      }
      const lat = Number(LAT.exec(body)?.[2]?.trim() ?? NaN);
      const lon = Number(LON.exec(body)?.[2]?.trim() ?? NaN);
      const valid =
        Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
      // A point without a usable position counts against the limit but is not kept.
      open = valid ? { lat, lon, ele: null, time: null } : null;
      capture = null;
      if (selfClosing && open) {
        finishPoint(open);
        open = null;
      }
    } else if ((name === 'ele' || name === 'time') && open && !capture && open[name] === null) {
      if (!selfClosing) capture = { name, text: '' };
    }
    if (!selfClosing) depth++;
    else if (depth === 0) phase = 'after';
  };

  const closeTag = (name: string) => {
    if (phase !== 'root') return;
    if (capture && capture.name === name) {
      if (open) open[name] = capture.text;
      capture = null;
    }
    if (name === 'trkpt' && open) {
      finishPoint(open);
      open = null;
    }
    if (--depth <= 0) {
      if (open) finishPoint(open);
      open = null;
      phase = 'after';
    }
  };

  const onTag = (body: string) => {
    const closing = body.startsWith('/');
    const m = NAME.exec(closing ? body.slice(1) : body);
    if (!m) refuse('not_xml', 'The file is not well-formed XML (a "<" starts no tag).');
    const name = m[1] as string;
    if (closing) closeTag(name);
    else openTag(name, body, body.endsWith('/'));
  };

  /** Reads the markup at buf[i] === '<'; the index after it, or -1 when more input is needed. */
  const markup = (i: number): number => {
    sawMarkup = true;
    if (buf.startsWith('<!--', i)) {
      mode = 'comment';
      return i + 4;
    }
    if (buf.startsWith('<![CDATA[', i)) {
      mode = 'cdata';
      return i + 9;
    }
    const rest = buf.slice(i, i + 9);
    if (rest.length < 2) return -1;
    if (rest[1] === '!') {
      if (rest.length < 9 && ('<![CDATA['.startsWith(rest) || '<!--'.startsWith(rest))) return -1;
      refuse(
        'entities',
        'GPX files may not declare entities or a DOCTYPE: export the track again without them.',
      );
    }
    if (rest[1] === '?') {
      const j = buf.indexOf('?>', i + 2);
      return j < 0 ? -1 : j + 2;
    }
    const j = tagEnd(buf, i + 1);
    if (j < 0) return -1;
    onTag(buf.slice(i + 1, j));
    return j + 1;
  };

  const feed = (text: string) => {
    if (BINARY.test(text))
      refuse('binary', 'The file holds binary data: it is not a GPX (XML text) file.');
    buf += text;
    let i = 0;
    while (i < buf.length) {
      if (mode !== 'text') {
        const close = mode === 'comment' ? '-->' : ']]>';
        const j = buf.indexOf(close, i);
        // Keep the last two characters: they may begin the terminator.
        const stop = j < 0 ? Math.max(i, buf.length - 2) : j;
        if (mode === 'cdata') onText(buf.slice(i, stop));
        i = stop;
        if (j < 0) break;
        i += 3;
        mode = 'text';
        continue;
      }
      const lt = buf.indexOf('<', i);
      if (lt < 0) {
        onText(buf.slice(i));
        i = buf.length;
        break;
      }
      onText(buf.slice(i, lt));
      const next = markup(lt);
      if (next < 0) {
        i = lt;
        break;
      }
      i = next;
    }
    buf = buf.slice(i);
    if (buf.length > maxTag)
      refuse('tag_too_long', `The GPX file has a tag longer than ${Math.round(maxTag / 1024)} KB.`);
  };

  return {
    push(chunk) {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      feed(first ? text.replace(/^\uFEFF/, '') : text);
      first = false;
    },
    end() {
      feed(decoder.decode());
      if (phase === 'prolog') {
        if (!sawMarkup) refuse('empty', 'The GPX file is empty.');
        refuse('not_gpx', 'The file has no <gpx> element, so it is not a GPX file.');
      }
      // A file cut short mid-point: the unfinished point is dropped, the others are kept.
      if (points.length === 0) refuse('no_points', 'The GPX file has no track points.');
      if (timed === 0) {
        refuse(
          'no_times',
          'The GPX track has no timestamps, so it cannot be aligned with the video.',
        );
      }
      return points;
    },
  };
}

/** Reads a whole file's chunks (e.g. fs.createReadStream) through gpxStreamReader. */
export async function readGpxStream(
  source: AsyncIterable<Uint8Array | string>,
  limits: GpxReadLimits,
): Promise<GpxPoint[]> {
  const reader = gpxStreamReader(limits);
  for await (const chunk of source) reader.push(chunk);
  return reader.end();
}

/** The index of the '>' ending a tag that starts at `from`; '>' in quoted values does not. */
function tagEnd(buf: string, from: number): number {
  let quote = 0;
  for (let k = from; k < buf.length; k++) {
    const c = buf.charCodeAt(k);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) return k;
  }
  return -1;
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}
