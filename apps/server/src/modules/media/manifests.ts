/**
 * Manifest rewriting for grants: drop renditions above the grant's quality, and cut previews to
 * their first seconds. The inputs are the manifests ffmpeg's dash muxer writes (one HLS master,
 * media_N.m3u8 per stream, one MPD with a SegmentTimeline per representation), so line- and
 * tag-level rewriting is enough; stream N is rendition N best first, audio after the videos.
 */

const MEDIA_PLAYLIST = /media_(\d+)\.m3u8/;

/** The master playlist without the variants whose stream is not allowed. */
export function filterHlsMaster(text: string, allowed: (stream: number) => boolean): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#EXT-X-STREAM-INF')) {
      let j = i + 1;
      while (j < lines.length && lines[j]!.trim() === '') j++;
      const uri = lines[j] ?? '';
      const stream = uri.match(MEDIA_PLAYLIST);
      if (stream && !allowed(Number(stream[1]))) {
        i = j; // skip the tag and its URI
        continue;
      }
    }
    if (line.startsWith('#EXT-X-MEDIA')) {
      const stream = line.match(/URI="media_(\d+)\.m3u8"/);
      if (stream && !allowed(Number(stream[1]))) continue;
    }
    out.push(line);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

export type HlsSegment = { uri: string; start: number; duration: number };

/** The segments of a media playlist with their start times. */
export function hlsSegments(text: string): HlsSegment[] {
  const segments: HlsSegment[] = [];
  let at = 0;
  let duration: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line !== '' && !line.startsWith('#') && duration !== null) {
      segments.push({ uri: line, start: at, duration });
      at += duration;
      duration = null;
    }
  }
  return segments;
}

/** Segments a preview may fetch: those starting before maxSeconds. */
export function allowedSegmentUris(text: string, maxSeconds: number): Set<string> {
  return new Set(
    hlsSegments(text)
      .filter((s) => s.start < maxSeconds)
      .map((s) => s.uri),
  );
}

/**
 * A media playlist ending with the last segment that starts before maxSeconds, then
 * #EXT-X-ENDLIST, so players treat the preview as a complete (VOD) stream.
 */
export function cutHlsPlaylist(text: string, maxSeconds: number): string {
  const out: string[] = [];
  let group: string[] = [];
  let at = 0;
  let inSegments = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line === '#EXT-X-ENDLIST') continue;
    if (line.startsWith('#EXTINF:')) inSegments = true;
    if (!inSegments) {
      out.push(line); // the header, #EXT-X-MAP included
      continue;
    }
    group.push(line);
    if (line.startsWith('#')) continue;
    if (at >= maxSeconds) break;
    const inf = group.find((l) => l.startsWith('#EXTINF:'));
    at += inf ? Number.parseFloat(inf.slice(8)) : 0;
    out.push(...group);
    group = [];
  }
  out.push('#EXT-X-ENDLIST');
  return out.join('\n') + '\n';
}

/** ISO 8601 duration of an MPD (PT1H2M3.5S) in seconds; null when unreadable. */
export function parseIsoDuration(value: string): number | null {
  const m = value.match(
    /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/,
  );
  if (!m) return null;
  const [, d = '0', h = '0', min = '0', s = '0'] = m;
  return Number(d) * 86400 + Number(h) * 3600 + Number(min) * 60 + Number(s);
}

type TimelineEntry = { t: number; d: number };

/** Expands <S t d r/> entries to one entry per segment. */
export function expandTimeline(sTags: string[]): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  let t = 0;
  for (const tag of sTags) {
    const attr = (name: string) => tag.match(new RegExp(`\\b${name}="(-?\\d+)"`))?.[1];
    const d = Number(attr('d') ?? 0);
    const r = Number(attr('r') ?? 0);
    if (attr('t') !== undefined) t = Number(attr('t'));
    for (let k = 0; k <= r; k++) {
      out.push({ t, d });
      t += d;
    }
  }
  return out;
}

/** One entry per segment -> compact <S> tags (t on the first, r for runs of equal durations). */
export function compactTimeline(entries: TimelineEntry[]): string[] {
  const tags: string[] = [];
  for (let i = 0; i < entries.length;) {
    let run = 0;
    while (i + run + 1 < entries.length && entries[i + run + 1]!.d === entries[i]!.d) run++;
    const t = i === 0 ? ` t="${entries[0]!.t}"` : '';
    const r = run > 0 ? ` r="${run}"` : '';
    tags.push(`<S${t} d="${entries[i]!.d}"${r} />`);
    i += run + 1;
  }
  return tags;
}

/**
 * The MPD without representations that are not allowed (AdaptationSet maxWidth/maxHeight follow),
 * and with maxSeconds: mediaPresentationDuration capped and every SegmentTimeline cut to the
 * segments starting before it.
 */
export function filterDashManifest(
  text: string,
  options: { allowed: (stream: number) => boolean; maxSeconds: number | null },
): string {
  let xml = text.replace(/<AdaptationSet\b[^>]*>[\s\S]*?<\/AdaptationSet>\s*/g, (set) => {
    const kept = set.replace(
      /[ \t]*<Representation\b[^>]*\bid="(\d+)"[\s\S]*?<\/Representation>[ \t]*\n?/g,
      (rep, id: string) => (options.allowed(Number(id)) ? rep : ''),
    );
    const sizes = [...kept.matchAll(/<Representation\b[^>]*>/g)].map((m) => ({
      w: Number(m[0].match(/\bwidth="(\d+)"/)?.[1] ?? 0),
      h: Number(m[0].match(/\bheight="(\d+)"/)?.[1] ?? 0),
    }));
    if (sizes.length === 0) return '';
    const maxW = Math.max(...sizes.map((s) => s.w));
    const maxH = Math.max(...sizes.map((s) => s.h));
    return kept
      .replace(/\bmaxWidth="\d+"/, `maxWidth="${maxW}"`)
      .replace(/\bmaxHeight="\d+"/, `maxHeight="${maxH}"`);
  });
  const cap = options.maxSeconds;
  if (cap === null) return xml;

  xml = xml.replace(/mediaPresentationDuration="([^"]+)"/, (attr, value: string) => {
    const total = parseIsoDuration(value);
    return total !== null && total <= cap ? attr : `mediaPresentationDuration="PT${cap}.0S"`;
  });
  return xml.replace(
    /(<SegmentTemplate\b[^>]*\btimescale="(\d+)"[^>]*>\s*<SegmentTimeline>)([\s\S]*?)([ \t]*<\/SegmentTimeline>)/g,
    (_all, open: string, timescale: string, body: string, close: string) => {
      const indent = body.match(/\n([ \t]*)<S\b/)?.[1] ?? '';
      const limit = cap * Number(timescale);
      const kept = expandTimeline(body.match(/<S\b[^>]*\/>/g) ?? []).filter((e) => e.t < limit);
      const lines = compactTimeline(kept).map((tag) => `${indent}${tag}`);
      return `${open}\n${lines.join('\n')}\n${close}`;
    },
  );
}
