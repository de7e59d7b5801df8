import { describe, expect, it } from 'vitest';
import { isVideoProbe, parseProbe, parseRate, probeArgs } from './probe.js';

// Trimmed from `ffprobe -print_format json -show_format -show_streams` of the GoPro MAX fixture.
const GOPRO = JSON.stringify({
  streams: [
    {
      index: 0,
      codec_name: 'h264',
      codec_type: 'video',
      codec_tag_string: 'avc1',
      width: 848,
      height: 480,
      pix_fmt: 'yuvj420p',
      r_frame_rate: '30000/1001',
      avg_frame_rate: '30000/1001',
      duration: '10.510500',
      nb_frames: '315',
      extradata_hash: 'CRC32:1234abcd',
      disposition: { default: 1, attached_pic: 0 },
    },
    {
      index: 1,
      codec_name: 'aac',
      codec_type: 'audio',
      sample_rate: '48000',
      channels: 2,
      duration: '10.517333',
    },
    { index: 2, codec_type: 'data', codec_tag_string: 'tmcd' },
    { index: 3, codec_type: 'data', codec_tag_string: 'gpmd', codec_name: 'bin_data' },
  ],
  format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '10.517333' },
});

describe('probe', () => {
  it('asks ffprobe for JSON with streams, format and extradata hashes', () => {
    expect(probeArgs('/in.mp4')).toEqual([
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '-show_data_hash',
      'CRC32',
      '/in.mp4',
    ]);
  });

  it('types the GoPro clip: video, audio, and the gpmd telemetry track', () => {
    const p = parseProbe(GOPRO);
    expect(p.durationS).toBeCloseTo(10.517, 3);
    expect(p.video).toMatchObject({
      codec: 'h264',
      width: 848,
      height: 480,
      fpsRational: '30000/1001',
    });
    expect(p.video?.fps).toBeCloseTo(29.97, 2);
    expect(p.audio).toEqual({ codec: 'aac', sampleRate: 48000, channels: 2, extradataHash: null });
    expect(p.hasGpmf).toBe(true);
    expect(isVideoProbe(p)).toBe(true);
  });

  it('swaps width and height for footage shot rotated 90°', () => {
    const json = JSON.stringify({
      streams: [
        {
          codec_type: 'video',
          codec_name: 'h264',
          width: 1920,
          height: 1080,
          avg_frame_rate: '30/1',
          side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }],
        },
      ],
      format: { format_name: 'mov,mp4', duration: '3' },
    });
    expect(parseProbe(json).video).toMatchObject({ width: 1080, height: 1920 });
  });

  it('does not count cover art, still images or one-frame files as video', () => {
    const coverArtOnly = JSON.stringify({
      streams: [
        { codec_type: 'audio', codec_name: 'mp3', sample_rate: '44100', channels: 2 },
        {
          codec_type: 'video',
          codec_name: 'mjpeg',
          width: 500,
          height: 500,
          disposition: { attached_pic: 1 },
        },
      ],
      format: { format_name: 'mp3', duration: '200' },
    });
    expect(parseProbe(coverArtOnly).video).toBeNull();
    expect(isVideoProbe(parseProbe(coverArtOnly))).toBe(false);

    const jpeg = JSON.stringify({
      streams: [
        {
          codec_type: 'video',
          codec_name: 'mjpeg',
          width: 320,
          height: 240,
          avg_frame_rate: '25/1',
          duration: '0.040000',
        },
      ],
      format: { format_name: 'image2', duration: '0.040000' },
    });
    expect(isVideoProbe(parseProbe(jpeg))).toBe(false);

    const oneFrame = JSON.stringify({
      streams: [
        {
          codec_type: 'video',
          codec_name: 'h264',
          width: 320,
          height: 240,
          avg_frame_rate: '25/1',
          nb_frames: '1',
        },
      ],
      format: { format_name: 'mov,mp4', duration: '0.04' },
    });
    expect(isVideoProbe(parseProbe(oneFrame))).toBe(false);
  });

  it('survives sparse or odd JSON', () => {
    const p = parseProbe(
      '{"streams":[{"codec_type":"video","avg_frame_rate":"0/0","r_frame_rate":"25/1"}]}',
    );
    expect(p).toMatchObject({ durationS: 0, formatName: '', hasGpmf: false, audio: null });
    expect(p.video?.fps).toBe(25);
    expect(isVideoProbe(p)).toBe(false);
    expect(() => parseProbe('not json')).toThrow(SyntaxError);
  });

  it('parses frame rates', () => {
    expect(parseRate('25/1')).toEqual({ value: 25, text: '25/1' });
    expect(parseRate('0/0')).toBeNull();
    expect(parseRate(null)).toBeNull();
  });
});
