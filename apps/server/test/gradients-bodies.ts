/**
 * GPX files made to measure and multipart bodies sent byte for byte (no client escaping of
 * names), small ones as bytes and large ones generated chunk by chunk as they are sent. Plain
 * code without the server's, so the upload thread (gradients-upload-thread.ts) loads it too.
 */

const START_MS = Date.UTC(2024, 4, 1, 8, 0, 0);
/** Metres per degree of latitude (the media package's earth radius). */
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;

export type ClimbSpec = {
  /** Track points, one a second. */
  seconds: number;
  /** GPX second (after the first point) where the climb starts. */
  climbAt: number;
  gradePercent: number;
  speedMps?: number;
};

/** Flat at 100 m, then a steady climb: north along a meridian at a steady speed, 1 Hz. */
export function climbGpx(spec: ClimbSpec): string {
  const speed = spec.speedMps ?? 10;
  const points: string[] = [];
  for (let t = 0; t < spec.seconds; t++) {
    const lat = 46 + (t * speed) / M_PER_DEG;
    const ele = 100 + Math.max(0, t - spec.climbAt) * speed * (spec.gradePercent / 100);
    points.push(trkpt(lat, 6.5, ele, START_MS + t * 1000));
  }
  return gpxDocument(points.join('\n'));
}

export function trkpt(lat: number, lon: number, ele: number | null, timeMs: number | null): string {
  const e = ele === null ? '' : `<ele>${ele.toFixed(2)}</ele>`;
  const t = timeMs === null ? '' : `<time>${new Date(timeMs).toISOString()}</time>`;
  return `<trkpt lat="${lat.toFixed(7)}" lon="${lon.toFixed(7)}">${e}${t}</trkpt>`;
}

export function gpxDocument(points: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>Test climb</name><trkseg>
${points}
</trkseg></trk>
</gpx>
`;
}

export const BOUNDARY = 'ra-gpx-5c1f7e';

export type Part =
  { name: string; value: string } | { name: string; filename: string; data: Buffer };

/** A multipart/form-data body, exactly these bytes (no client escaping of names). */
export function formBody(parts: Part[]): Buffer {
  const chunks = parts.map((p) =>
    'value' in p
      ? Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        )
      : Buffer.concat([
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
              'Content-Type: application/gpx+xml\r\n\r\n',
          ),
          p.data,
          Buffer.from('\r\n'),
        ]),
  );
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** The usual form: the file `gpx` and the offset. */
export const gpxForm = (xml: string | Buffer, offset: string, filename = 'ride.gpx'): Buffer =>
  formBody([
    { name: 'offset', value: offset },
    { name: 'gpx', filename, data: typeof xml === 'string' ? Buffer.from(xml) : xml },
  ]);

/** A body of `total` bytes made chunk by chunk as the connection takes them. */
export function generatedBody(
  head: Buffer,
  fill: (index: number) => Buffer,
  count: number,
  tail: Buffer,
): ReadableStream<Uint8Array> {
  let i = -1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i === -1) controller.enqueue(head);
      else if (i < count) controller.enqueue(fill(i));
      else {
        controller.enqueue(tail);
        controller.close();
      }
      i++;
    },
  });
}

const fileHead = (offset: string, filename: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="offset"\r\n\r\n${offset}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="gpx"; filename="${filename}"\r\n` +
      'Content-Type: application/gpx+xml\r\n\r\n',
  );
const fileTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** Bodies too large to hold, described for the thread that makes and sends them. */
export type LargeBody =
  /** `megabytes` of filler in the file part. */
  | { kind: 'filler'; megabytes: number }
  /** Compact self-closing track points, `points` of them. */
  | { kind: 'points'; points: number }
  /** A plausible device export of `points` seconds, about 230 bytes a point. */
  | { kind: 'device'; points: number; offset: string; startMs: number };

export function largeBody(spec: LargeBody): ReadableStream<Uint8Array> {
  const gpxHead = (extra = '') => Buffer.from(`<gpx>${extra}<trk><trkseg>\n`);
  const gpxTail = Buffer.concat([Buffer.from('</trkseg></trk></gpx>\n'), fileTail]);
  switch (spec.kind) {
    case 'filler': {
      const chunk = Buffer.alloc(256 * 1024, 'x');
      const count = Math.ceil((spec.megabytes * 1024 * 1024) / chunk.length);
      return generatedBody(fileHead('0', 'big.gpx'), () => chunk, count, fileTail);
    }
    case 'points': {
      const per = 10_000;
      const lines = Buffer.from('<trkpt lat="46.1" lon="6.1"/>\n'.repeat(per));
      const head = Buffer.concat([fileHead('0', 'many.gpx'), gpxHead()]);
      return generatedBody(head, () => lines, Math.ceil(spec.points / per), gpxTail);
    }
    case 'device': {
      const per = 1000;
      const head = Buffer.concat([
        fileHead(spec.offset, 'big.gpx'),
        Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<!-- recorded by a test device -->\n'),
        gpxHead('<metadata><name>Long day</name></metadata>'),
      ]);
      const fill = (chunk: number) => {
        const lines: string[] = [];
        for (let t = chunk * per; t < Math.min(spec.points, (chunk + 1) * per); t++) {
          const lat = 40 + (t * 8) / M_PER_DEG;
          const ele = 500 + 50 * Math.sin((2 * Math.PI * t) / 1200);
          lines.push(
            `  <trkpt lat="${lat.toFixed(7)}" lon="6.5000000"><ele>${ele.toFixed(2)}</ele>` +
              `<time>${new Date(spec.startMs + t * 1000).toISOString()}</time><extensions>` +
              `<gpxtpx:TrackPointExtension><gpxtpx:hr>${130 + (t % 30)}</gpxtpx:hr>` +
              '<gpxtpx:cad>90</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>\n',
          );
        }
        return Buffer.from(lines.join(''));
      };
      return generatedBody(head, fill, Math.ceil(spec.points / per), gpxTail);
    }
  }
}
