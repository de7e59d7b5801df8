import { describe, expect, it } from 'vitest';
import { parseGpx } from './gpx.js';
import { type GpxRefusal, GpxRefusedError, gpxStreamReader, readGpxStream } from './gpx-stream.js';

const GPX = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by a <trkpt lat="0" lon="0"> tool -->
<gpx version="1.1" creator="test &amp; co" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>Côte de la Croix — étape</name><desc><![CDATA[a <b>bold</b> climb]]></desc></metadata>
  <trk><name>Ride</name><trkseg>
    <trkpt lat="46.5000" lon="6.6000"><ele>372.4</ele><time>2024-05-01T10:00:00Z</time></trkpt>
    <trkpt lon='6.6001' lat='46.5001' note="a > b">
      <ele> 373 </ele>
      <time>2024-05-01T12:00:01+02:00</time>
      <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>
    </trkpt>
    <trkpt lat="46.5002" lon="6.6002"><time><![CDATA[2024-05-01T10:00:02.500]]></time></trkpt>
    <trkpt lat="bad" lon="6.6"><time>2024-05-01T10:00:03Z</time></trkpt>
    <trkpt lat="46.5003" lon="6.6003"/>
  </trkseg></trk>
</gpx>
`;

const LIMITS = { maxPoints: 1000 };
const bytes = (text: string) => new TextEncoder().encode(text);

function read(chunks: Array<string | Uint8Array>, limits = LIMITS) {
  const reader = gpxStreamReader(limits);
  for (const c of chunks) reader.push(c);
  return reader.end();
}

function refusal(chunks: Array<string | Uint8Array>, limits = LIMITS): GpxRefusal {
  try {
    read(chunks, limits);
  } catch (err) {
    if (err instanceof GpxRefusedError) return err.reason;
    throw err;
  }
  throw new Error('not refused');
}

/** `n` timed points, one a second from 10:00:00, one per line. */
function track(n: number, ele = true): string {
  const pts = Array.from({ length: n }, (_, i) => {
    const time = new Date(Date.UTC(2024, 4, 1, 10, 0, i)).toISOString();
    return `<trkpt lat="46.5" lon="${(6.6 + i * 1e-4).toFixed(4)}">${ele ? '<ele>400</ele>' : ''}<time>${time}</time></trkpt>`;
  });
  return `<gpx><trk><trkseg>\n${pts.join('\n')}\n</trkseg></trk></gpx>`;
}

describe('gpxStreamReader', () => {
  it('reads what parseGpx reads: prefixes, quotes, comments, CDATA, junk points skipped', () => {
    expect(read([GPX])).toEqual(parseGpx(GPX));
  });

  it('gives the same points whatever the chunks, even split inside a character or a tag', () => {
    const whole = read([bytes(GPX)]);
    const data = bytes(GPX);
    for (const size of [1, 2, 3, 7, 64]) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < data.length; i += size) chunks.push(data.subarray(i, i + size));
      expect(read(chunks)).toEqual(whole);
    }
  });

  it('refuses markup declarations: the entity bomb and any DOCTYPE', () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;">]>
<gpx><trk><trkseg><trkpt lat="1" lon="2"><name>&lol2;</name></trkpt></trkseg></trk></gpx>`;
    expect(refusal([bomb])).toBe('entities');
    expect(
      refusal([track(3).replace('<trk>', '<!ENTITY x SYSTEM "file:///etc/passwd"><trk>')]),
    ).toBe('entities');
    // Split right after '<!': still refused once the declaration shows.
    expect(refusal(['<?xml version="1.0"?><!', 'DOCTYPE gpx>'])).toBe('entities');
    expect(() => read([bomb])).toThrow('GPX files may not declare entities');
  });

  it('refuses what is not a GPX text file', () => {
    expect(refusal([''])).toBe('empty');
    expect(refusal([' \n\t'])).toBe('empty');
    expect(refusal(['hello, this is not XML'])).toBe('not_xml');
    expect(refusal(['{"gpx": true}'])).toBe('not_xml');
    expect(refusal(['<kml><Placemark/></kml>'])).toBe('not_gpx');
    expect(refusal(['<?xml version="1.0"?>'])).toBe('not_gpx');
    expect(refusal(['<gpx><trk>< 1 </trk></gpx>'])).toBe('not_xml');
    const junk = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
    expect(refusal([bytes('<gpx><trk>'), junk])).toBe('binary');
    expect(refusal([junk])).toBe('binary');
    expect(refusal([track(2).replace('<trk>', '<trk>\u0000')])).toBe('binary');
  });

  it('refuses a GPX without track points, or whose points have no times', () => {
    expect(refusal(['<gpx><wpt lat="1" lon="2"/></gpx>'])).toBe('no_points');
    expect(refusal([track(5).replace(/<time>[^<]*<\/time>/g, '')])).toBe('no_times');
    expect(() => read([track(5).replace(/<time>[^<]*<\/time>/g, '')])).toThrow(
      'The GPX track has no timestamps',
    );
  });

  it('refuses times that go backwards, naming the points, and takes equal times', () => {
    const backwards = track(5).replace('10:00:03', '10:00:01');
    expect(refusal([backwards])).toBe('times_backwards');
    expect(() => read([backwards])).toThrow(
      "The GPX track's times go backwards: point 4 (2024-05-01T10:00:01Z) is earlier than point 3 (2024-05-01T10:00:02Z)",
    );
    expect(read([track(5).replace('10:00:03', '10:00:02')])).toHaveLength(5);
  });

  it('stops at the first point over the limit, without reading the rest', async () => {
    let served = 0;
    async function* lines() {
      yield '<gpx><trk><trkseg>';
      for (let i = 0; i < 1_000_000; i++) {
        served++;
        yield '<trkpt lat="1" lon="2"/>';
      }
      yield '</trkseg></trk></gpx>';
    }
    await expect(readGpxStream(lines(), { maxPoints: 100 })).rejects.toMatchObject({
      reason: 'too_many_points',
      message: 'The GPX track has more than 100 points.',
    });
    expect(served).toBe(101);
    expect(read([track(100)], { maxPoints: 100 })).toHaveLength(100);
  });

  it('refuses an endless tag instead of buffering it', () => {
    const reader = gpxStreamReader({ maxPoints: 10, maxTagChars: 1000 });
    reader.push('<gpx><trk name="');
    expect(() => reader.push('x'.repeat(2000))).toThrow(GpxRefusedError);
  });

  it('keeps the whole points of a file cut short', () => {
    const full = track(4);
    const cut = full.slice(0, full.lastIndexOf('<trkpt') + 30);
    expect(read([cut])).toHaveLength(3);
  });

  it('keeps no text it does not need: a huge description costs nothing', () => {
    const desc = `<desc>${'x'.repeat(5_000_000)}</desc>`;
    expect(read([track(3).replace('<trk>', `<trk>${desc}`)])).toHaveLength(3);
  });
});
