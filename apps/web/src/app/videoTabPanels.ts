import { lazy } from 'react';
import type { VideoTabPanels } from '../features/videos';

/**
 * The video page's tabs that are features of their own, composed here because features never
 * import each other. Each loads only when its tab opens (owners in the desktop app).
 */
export const videoTabPanels: VideoTabPanels = {
  gradients: lazy(() => import('../features/gradients').then((m) => ({ default: m.GradientsTab }))),
  // Loads with the page, not the tab: its panel stays mounted (VideoTabs).
  voiceover: lazy(() =>
    import('../features/voiceovers').then((m) => ({ default: m.VoiceoverTab })),
  ),
};
