import { lazy, type ComponentType } from 'react';
import type { VideoSoundProps } from '../features/videos';

/**
 * The video page's sound beside the player (the owner's audio switches, the voiceovers), for
 * every viewer: composed here because features never import each other. It loads with the
 * page, after the player.
 */
export const VideoSound: ComponentType<VideoSoundProps> = lazy(() =>
  import('../features/voiceovers').then((m) => ({ default: m.VideoAudio })),
);
