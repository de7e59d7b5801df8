import { describe, expect, it } from 'vitest';
import { classifyMediaFile, contentTypeOf, streamAllowed } from './files.js';
import { parseRange } from './range.js';

describe('classifyMediaFile', () => {
  it('knows the packaged stream files', () => {
    expect(classifyMediaFile('master.m3u8')).toEqual({ kind: 'master' });
    expect(classifyMediaFile('manifest.mpd')).toEqual({ kind: 'mpd' });
    expect(classifyMediaFile('media_1.m3u8')).toEqual({ kind: 'playlist', stream: 1 });
    expect(classifyMediaFile('init-stream2.m4s')).toEqual({ kind: 'init', stream: 2 });
    expect(classifyMediaFile('chunk-stream0-00012.m4s')).toEqual({ kind: 'chunk', stream: 0 });
    expect(classifyMediaFile('poster.jpg')).toEqual({ kind: 'image' });
    expect(classifyMediaFile('thumbs/thumb-00003.jpg')).toEqual({ kind: 'image' });
    expect(classifyMediaFile('voiceover.m4a')).toEqual({ kind: 'audio' });
    expect(classifyMediaFile('recording')).toBeNull();
  });

  it('refuses anything else, path tricks included', () => {
    for (const f of [
      '../secret.key',
      'thumbs/../../x.jpg',
      '/etc/passwd',
      '.inputs.txt',
      'master.m3u8/..',
      'chunk-stream0-00001.m4s.bak',
      '',
    ]) {
      expect(classifyMediaFile(f)).toBeNull();
    }
  });
});

describe('streamAllowed', () => {
  it('gives SD grants only SD renditions; audio and HD grants get everything', () => {
    const r = ['hd', 'sd'];
    expect([0, 1, 2].map((s) => streamAllowed(s, r, 'sd'))).toEqual([false, true, true]);
    expect([0, 1, 2].map((s) => streamAllowed(s, r, 'hd'))).toEqual([true, true, true]);
    expect([0, 1].map((s) => streamAllowed(s, ['sd'], 'sd'))).toEqual([true, true]);
  });
});

describe('contentTypeOf', () => {
  it('names the streaming types', () => {
    expect(contentTypeOf('master.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(contentTypeOf('manifest.mpd')).toBe('application/dash+xml');
    expect(contentTypeOf('chunk-stream0-00001.m4s')).toBe('video/iso.segment');
    expect(contentTypeOf('thumbs/thumb-00001.jpg')).toBe('image/jpeg');
    expect(contentTypeOf('voiceover.m4a')).toBe('audio/mp4');
  });
});

describe('parseRange', () => {
  it('reads single byte ranges', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('ignores what it cannot read and refuses ranges outside the file', () => {
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});
