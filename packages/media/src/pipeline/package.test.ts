import { describe, expect, it } from 'vitest';
import { parseHlsMaster, playlistDuration } from './package.js';

describe('HLS playlists written by the dash muxer', () => {
  it('lists the variants of the master', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="audio_2",DEFAULT=YES,URI="media_2.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=5110452,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2",AUDIO="group_A1"',
      'media_0.m3u8',
      '',
      '#EXT-X-STREAM-INF:BANDWIDTH=746929,RESOLUTION=960x540,CODECS="avc1.64001f,mp4a.40.2",AUDIO="group_A1"',
      'media_1.m3u8',
    ].join('\n');
    expect(parseHlsMaster(master)).toEqual([
      { uri: 'media_0.m3u8', bandwidth: 5110452, width: 1920, height: 1080 },
      { uri: 'media_1.m3u8', bandwidth: 746929, width: 960, height: 540 },
    ]);
  });

  it('sums segment durations of a media playlist', () => {
    const media =
      '#EXTM3U\n#EXTINF:4.004000,\na.m4s\n#EXTINF:4.004000,\nb.m4s\n#EXTINF:1.001000,\nc.m4s\n';
    expect(playlistDuration(media)).toBeCloseTo(9.009, 6);
  });
});
