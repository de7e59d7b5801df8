import { describe, expect, it } from 'vitest';
import { GpxParseError, gpxTrack, parseGpx, parseTime } from './gpx.js';

const GPX = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by a <trkpt lat="0" lon="0"> tool -->
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>Ride</name><trkseg>
    <trkpt lat="46.5000" lon="6.6000"><ele>372.4</ele><time>2024-05-01T10:00:00Z</time></trkpt>
    <trkpt lon='6.6001' lat='46.5001'>
      <ele> 373 </ele>
      <time>2024-05-01T12:00:01+02:00</time>
      <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>
    </trkpt>
    <trkpt lat="46.5002" lon="6.6002"><time><![CDATA[2024-05-01T10:00:02.500]]></time></trkpt>
    <trkpt lat="bad" lon="6.6"><time>2024-05-01T10:00:03Z</time></trkpt>
    <trkpt lat="46.5003" lon="6.6003"/>
  </trkseg></trk>
</gpx>`;

describe('parseGpx', () => {
  it('reads points in any attribute order and quote style, skipping comments and junk', () => {
    const points = parseGpx(GPX);
    expect(points).toEqual([
      { lat: 46.5, lon: 6.6, eleM: 372.4, timeMs: Date.UTC(2024, 4, 1, 10, 0, 0) },
      { lat: 46.5001, lon: 6.6001, eleM: 373, timeMs: Date.UTC(2024, 4, 1, 10, 0, 1) },
      { lat: 46.5002, lon: 6.6002, eleM: null, timeMs: Date.UTC(2024, 4, 1, 10, 0, 2, 500) },
      { lat: 46.5003, lon: 6.6003, eleM: null, timeMs: null },
    ]);
  });

  it('accepts namespace prefixes', () => {
    const xml = '<gpx:gpx><gpx:trkpt lat="1" lon="2"><gpx:ele>5</gpx:ele></gpx:trkpt></gpx:gpx>';
    expect(parseGpx(xml)).toEqual([{ lat: 1, lon: 2, eleM: 5, timeMs: null }]);
  });

  it('says what is wrong with a file that is not usable', () => {
    expect(() => parseGpx('<kml></kml>')).toThrow(GpxParseError);
    expect(() => parseGpx('<gpx><wpt lat="1" lon="2"/></gpx>')).toThrow('no track points');
  });

  it('reads times as UTC when the zone is missing', () => {
    expect(parseTime('2024-05-01T10:00:00')).toBe(Date.UTC(2024, 4, 1, 10));
    expect(parseTime('2024-05-01T10:00:00-0130')).toBe(Date.UTC(2024, 4, 1, 11, 30));
    expect(parseTime('yesterday')).toBeNull();
  });
});

describe('gpxTrack', () => {
  it('puts points on the video clock: t = time - first point - offset', () => {
    const t = gpxTrack(GPX, { offsetS: 1 }).map((s) => s.t);
    expect(t).toEqual([-1, 0, 1.5]);
  });

  it('can anchor on the video start time instead of the first point', () => {
    const t = gpxTrack(GPX, { videoStart: new Date(Date.UTC(2024, 4, 1, 9, 59, 50)) }).map(
      (s) => s.t,
    );
    expect(t).toEqual([10, 11, 12.5]);
  });

  it('refuses a track without times', () => {
    expect(() => gpxTrack('<gpx><trkpt lat="1" lon="2"/></gpx>')).toThrow(/no timestamps/);
  });
});
