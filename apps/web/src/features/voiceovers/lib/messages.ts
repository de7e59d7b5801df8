/**
 * The Voiceover tab's words. Those quoted by document 001 (sections 4, 5 and 8) are exact;
 * the rest are ours.
 */
export const VOICEOVER_TEXT = {
  empty: 'There are no voiceovers for this video.',
  overlap: 'Overlaps existing voiceover, Skip to different section',
  confirmSave: 'Are you sure you want to save your recordings?',
  confirmDelete: 'Are you sure you want to delete?',
  confirmDeleteDetail: "You won't be able to revert this!",
  deletedTitle: 'Deleted!',
  deletedText: 'Your recording has been deleted.',
  cancelledTitle: 'Cancelled!',
  cancelledText: 'Your recording is safe.',
  leave: 'Are you sure you want to leave? You have unsaved recordings.',
  unmuteForSwitches: 'Unmute video to access switches...',
  processing: 'Processing…',
  failed: 'Processing failed. Delete it and record again.',
  desktopToRecord: 'Recording, saving and deleting voiceovers needs the desktop app.',
  savedTitle: 'Saved!',
  savedText: 'Your recordings are being processed and appear here when ready.',
} as const;

/**
 * What an owner on the web is told about the switches it cannot reach there (document 001
 * section 4: use the desktop app to unmute); null when nothing is muted.
 */
export function webMuteNotice(race: { mute_video_audio: boolean; mute_overlay_audio: boolean }) {
  if (race.mute_overlay_audio && race.mute_video_audio)
    return 'Voiceovers and the video sound are muted for viewers. Use the desktop app to unmute them.';
  if (race.mute_overlay_audio)
    return 'Voiceovers are muted for viewers. Use the desktop app to unmute them.';
  if (race.mute_video_audio)
    return 'The video sound is muted for viewers. Use the desktop app to unmute it.';
  return null;
}
