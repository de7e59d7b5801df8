import { describe, expect, it } from 'vitest';
import { checkVideoFiles, isVideoFile } from './files';

describe('upload files', () => {
  it('accepts camera video files by type or extension', () => {
    expect(isVideoFile({ name: 'GX010001.MP4', type: 'video/mp4' })).toBe(true);
    expect(isVideoFile({ name: 'ride.MOV', type: '' })).toBe(true);
    expect(isVideoFile({ name: 'clip.webm', type: 'video/webm' })).toBe(true);
  });

  it('refuses thumbnails, camera side files and other files', () => {
    expect(isVideoFile({ name: 'GX010001.THM', type: '' })).toBe(false);
    expect(isVideoFile({ name: 'GL010001.LRV', type: 'video/mp4' })).toBe(false);
    expect(isVideoFile({ name: 'cover.jpg', type: 'image/jpeg' })).toBe(false);
  });

  it('names the files that are not videos', () => {
    expect(checkVideoFiles([])).toEqual({ ok: false, message: 'Select at least one video file.' });
    expect(
      checkVideoFiles([
        { name: 'a.mp4', type: 'video/mp4' },
        { name: 'a.THM', type: '' },
      ]),
    ).toEqual({ ok: false, message: 'Only video files can be uploaded. Not a video: a.THM.' });
    expect(checkVideoFiles([{ name: 'a.mp4', type: 'video/mp4' }])).toEqual({ ok: true });
  });
});
