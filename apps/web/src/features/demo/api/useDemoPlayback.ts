import { useQuery } from '@tanstack/react-query';
import { demoPlaybackQuery } from './queries';

/** GET /api/v1/race/demo-video/playback?mode=preview: the demo video's signed stream URLs. */
export function useDemoPlayback() {
  return useQuery(demoPlaybackQuery());
}
