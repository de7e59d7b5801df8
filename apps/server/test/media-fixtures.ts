import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { races, type NewRaceRow, type RaceRow } from '../src/db/schema.js';
import type { Stack } from './upload-harness.js';

/**
 * Manifests as ffmpeg's dash muxer writes them for a 1080p source (stream 0 HD, 1 SD, 2 audio),
 * lengthened to 801 s so previews (600 s) have something to cut.
 */

export const SAMPLE_MASTER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="audio_2",DEFAULT=YES,URI="media_2.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=5725016,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2",AUDIO="group_A1"
media_0.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=861520,RESOLUTION=960x540,CODECS="avc1.64001f,mp4a.40.2",AUDIO="group_A1"
media_1.m3u8

`;

/** A media playlist of `count` 4 s segments (the last one `last` s long). */
export function samplePlaylist(stream: number, count: number, last = 4): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:4',
    '#EXT-X-MEDIA-SEQUENCE:1',
    `#EXT-X-MAP:URI="init-stream${stream}.m4s"`,
  ];
  for (let i = 1; i <= count; i++) {
    lines.push(`#EXTINF:${(i === count ? last : 4).toFixed(6)},`);
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:2026-11-23T01:00:0${i % 10}.000+0000`);
    lines.push(`chunk-stream${stream}-${String(i).padStart(5, '0')}.m4s`);
  }
  return [...lines, '#EXT-X-ENDLIST', ''].join('\n');
}

const representation = (
  id: number,
  w: number,
  h: number,
) => `\t\t\t<Representation id="${id}" mimeType="video/mp4" codecs="avc1.640028" bandwidth="5619021" width="${w}" height="${h}" sar="1:1">
\t\t\t\t<SegmentTemplate timescale="15360" initialization="init-stream$RepresentationID$.m4s" media="chunk-stream$RepresentationID$-$Number%05d$.m4s" startNumber="1">
\t\t\t\t\t<SegmentTimeline>
\t\t\t\t\t\t<S t="0" d="61440" r="199" />
\t\t\t\t\t\t<S d="15360" />
\t\t\t\t\t</SegmentTimeline>
\t\t\t\t</SegmentTemplate>
\t\t\t</Representation>
`;

/** 200 video segments of 4 s then one of 1 s (801 s); audio segments are not exactly 4 s. */
export const SAMPLE_MPD = `<?xml version="1.0" encoding="utf-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011" type="static" mediaPresentationDuration="PT13M21.0S" maxSegmentDuration="PT4.0S" minBufferTime="PT8.0S">
\t<Period id="0" start="PT0.0S">
\t\t<AdaptationSet id="0" contentType="video" startWithSAP="1" segmentAlignment="true" bitstreamSwitching="true" frameRate="30/1" maxWidth="1920" maxHeight="1080" par="16:9">
${representation(0, 1920, 1080)}${representation(1, 960, 540)}\t\t</AdaptationSet>
\t\t<AdaptationSet id="1" contentType="audio" startWithSAP="1" segmentAlignment="true" bitstreamSwitching="true">
\t\t\t<Representation id="2" mimeType="audio/mp4" codecs="mp4a.40.2" bandwidth="128000" audioSamplingRate="48000">
\t\t\t\t<SegmentTemplate timescale="48000" initialization="init-stream$RepresentationID$.m4s" media="chunk-stream$RepresentationID$-$Number%05d$.m4s" startNumber="1">
\t\t\t\t\t<SegmentTimeline>
\t\t\t\t\t\t<S t="0" d="189440" />
\t\t\t\t\t\t<S d="191488" r="198" />
\t\t\t\t\t\t<S d="51072" />
\t\t\t\t\t</SegmentTimeline>
\t\t\t\t</SegmentTemplate>
\t\t\t</Representation>
\t\t</AdaptationSet>
\t</Period>
</MPD>
`;

let fixtureCount = 0;

/**
 * A ready 801 s video whose media folder holds the sample manifests, a poster, a thumbnail and a
 * few (fake) segments of each stream: 00001, 00150 (the last inside a preview) and 00151.
 */
export async function readyFixtureVideo(
  stack: Stack,
  ownerId: number,
  values: Partial<NewRaceRow> = {},
): Promise<RaceRow> {
  const mediaKey = `streams/${++fixtureCount}-${Date.now()}-fixture`;
  const dir = path.join(stack.dataDir, 'media', mediaKey);
  await mkdir(path.join(dir, 'thumbs'), { recursive: true });
  const files: Record<string, string | Buffer> = {
    'master.m3u8': SAMPLE_MASTER,
    'manifest.mpd': SAMPLE_MPD,
    'poster.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    'thumbs/thumb-00001.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  };
  for (const s of [0, 1, 2]) {
    files[`media_${s}.m3u8`] = samplePlaylist(s, 201, 1);
    files[`init-stream${s}.m4s`] = `init ${s}`;
    for (const n of ['00001', '00150', '00151']) {
      files[`chunk-stream${s}-${n}.m4s`] = `stream ${s} chunk ${n} `.repeat(20);
    }
  }
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(dir, name), body);
  const [row] = await stack.database.db
    .insert(races)
    .values({
      url: `fixture-${fixtureCount}-${Date.now()}`,
      title: 'Fixture ride',
      userId: ownerId,
      status: 'ready',
      duration: 801,
      mediaKey,
      renditions: ['hd', 'sd'],
      posterFile: 'poster.jpg',
      ...values,
    })
    .returning();
  return row!;
}
