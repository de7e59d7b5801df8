import { describe, expect, it } from 'vitest';
import { webMuteNotice } from './messages';

describe('webMuteNotice', () => {
  it('points an owner on the web to the desktop app for whatever is muted', () => {
    expect(webMuteNotice({ mute_video_audio: false, mute_overlay_audio: true })).toBe(
      'Voiceovers are muted for viewers. Use the desktop app to unmute them.',
    );
    expect(webMuteNotice({ mute_video_audio: true, mute_overlay_audio: false })).toMatch(
      /^The video sound is muted.*desktop app/,
    );
    expect(webMuteNotice({ mute_video_audio: true, mute_overlay_audio: true })).toMatch(
      /^Voiceovers and the video sound/,
    );
  });

  it('says nothing when nothing is muted', () => {
    expect(webMuteNotice({ mute_video_audio: false, mute_overlay_audio: false })).toBeNull();
  });
});
