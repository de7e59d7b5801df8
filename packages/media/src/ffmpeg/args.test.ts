import { describe, expect, it } from 'vitest';
import { concatListFile, joinStage, type SegmentRange } from './args-join.js';
import { packageArgs, type PackagePlan } from './args-package.js';
import { thumbnailName } from './args-thumbnails.js';
import { planRenditions } from './ladder.js';

const seg = (path: string, over: Partial<SegmentRange> = {}): SegmentRange => ({
  path,
  startS: 0,
  durationS: 3,
  hasAudio: true,
  ...over,
});

/** Value following a flag (the first occurrence). */
function after(args: readonly string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i < 0 ? undefined : args[i + 1];
}

function plan(over: Partial<PackagePlan> = {}): PackagePlan {
  return {
    join: joinStage(
      { mode: 'single', segment: seg('/in/a.mp4', { startS: 1.5, durationS: 10 }) },
      '/out/list.txt',
      '30/1',
    ),
    renditions: planRenditions({ width: 1920, height: 1080 }),
    fps: 30,
    outDir: '/out',
    thumbnails: { intervalS: 10, height: 180, pattern: 'thumbs/thumb-%05d.jpg' },
    poster: { atS: 3, height: 720, file: 'poster.jpg' },
    ...over,
  };
}

describe('join stage', () => {
  it('seeks a single file accurately with input options', () => {
    const s = joinStage(
      { mode: 'single', segment: seg('/a.mp4', { startS: 2, durationS: 5 }) },
      '/l.txt',
      '25/1',
    );
    expect(s.inputArgs).toEqual(['-ss', '2.000', '-t', '5.000', '-i', '/a.mp4']);
    expect(s.filters).toEqual([
      '[0:v:0]fps=25/1,format=yuv420p[jv]',
      '[0:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[ja]',
    ]);
    expect([s.video, s.audio]).toEqual(['jv', 'ja']);
  });

  it('reads matching files through the concat demuxer and trims after decoding', () => {
    const s = joinStage(
      { mode: 'copy', paths: ['/a.mp4', '/b.mp4'], trimStartS: 1, durationS: 4.5, hasAudio: false },
      '/out/list.txt',
      '30/1',
    );
    expect(s.inputArgs).toEqual(['-f', 'concat', '-safe', '0', '-i', '/out/list.txt']);
    expect(s.filters).toEqual([
      '[0:v:0]trim=start=1.000:duration=4.500,setpts=PTS-STARTPTS,fps=30/1,format=yuv420p[jv]',
    ]);
    expect(s.audio).toBeNull();
  });

  it('re-encodes mismatched files through the concat filter, with silence where audio is missing', () => {
    const s = joinStage(
      {
        mode: 'reencode',
        segments: [seg('/a.mp4', { startS: 1, durationS: 2 }), seg('/b.mp4', { hasAudio: false })],
        canvas: { width: 1920, height: 1080 },
      },
      '/l.txt',
      '30/1',
    );
    // prettier-ignore
    expect(s.inputArgs).toEqual([
      '-ss', '1.000', '-t', '2.000', '-i', '/a.mp4',
      '-t', '3.000', '-i', '/b.mp4',
      '-f', 'lavfi', '-t', '3.000', '-i', 'anullsrc=r=48000:cl=stereo',
    ]);
    expect(s.filters[0]).toContain(
      '[0:v:0]scale=1920:1080:force_original_aspect_ratio=decrease,pad=1920:1080',
    );
    expect(s.filters).toContain(
      '[2:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[c1a]',
    );
    expect(s.filters.at(-1)).toBe('[c0v][c0a][c1v][c1a]concat=n=2:v=1:a=1[jv][ja]');
  });

  it('writes a concat list with quotes escaped', () => {
    expect(concatListFile(['/a.mp4', "/it's.mp4"])).toBe("file '/a.mp4'\nfile '/it'\\''s.mp4'\n");
  });
});

describe('packaging arguments', () => {
  const args = packageArgs(plan());
  const graph = after(args, '-filter_complex') ?? '';

  it('encodes every rendition from one split of the decoded video', () => {
    expect(graph).toContain('[jv]split=4[r0][r1][th][po]');
    expect(graph).toContain('[r0]scale=1920:1080:flags=bicubic,setsar=1[v0]');
    expect(graph).toContain('[r1]scale=960:540:flags=bicubic,setsar=1[v1]');
    expect(args.filter((a) => a === '-map').length).toBe(5);
    expect(after(args, '-preset')).toBe('veryfast');
    expect(after(args, '-maxrate:v:0')).toBe('6000k');
    expect(after(args, '-maxrate:v:1')).toBe('2000k');
  });

  it('aligns keyframes: fixed GOP from the frame rate, no scene cuts, forced at boundaries', () => {
    expect(after(args, '-g')).toBe('120');
    expect(after(args, '-keyint_min')).toBe('120');
    expect(after(args, '-sc_threshold')).toBe('0');
    expect(after(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*4)');
  });

  it('writes CMAF segments with a DASH manifest and an HLS master in the same output', () => {
    expect(after(args, '-f')).toBe('dash');
    expect(after(args, '-dash_segment_type')).toBe('mp4');
    expect(after(args, '-hls_playlist')).toBe('1');
    expect(after(args, '-hls_master_name')).toBe('master.m3u8');
    expect(after(args, '-adaptation_sets')).toBe('id=0,streams=v id=1,streams=a');
    expect(args).toContain('/out/manifest.mpd');
    expect(after(args, '-c:a')).toBe('aac');
  });

  it('adds thumbnails and the poster as extra outputs of the same run', () => {
    expect(graph).toContain(
      '[th]select=isnan(prev_selected_t)+gte(floor(t/10)-floor(prev_selected_t/10)\\,1)',
    );
    expect(graph).toContain('[po]trim=start=3.000,setpts=PTS-STARTPTS,trim=end_frame=1');
    expect(args).toContain('/out/thumbs/thumb-%05d.jpg');
    expect(args.at(-1)).toBe('/out/poster.jpg');
  });

  it('leaves audio out entirely when no input has any', () => {
    const silent = packageArgs(
      plan({
        join: joinStage(
          { mode: 'single', segment: seg('/a.mp4', { hasAudio: false }) },
          '/l',
          '30/1',
        ),
      }),
    );
    expect(silent).not.toContain('-c:a');
    expect(after(silent, '-adaptation_sets')).toBe('id=0,streams=v');
  });
});

describe('thumbnail names', () => {
  it('zero-pads the index', () => {
    expect(thumbnailName(1)).toBe('thumbs/thumb-00001.jpg');
    expect(thumbnailName(123)).toBe('thumbs/thumb-00123.jpg');
  });
});
