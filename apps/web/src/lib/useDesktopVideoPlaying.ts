import { useEffect } from 'react';
import { useGeneralStore } from '../stores/general';
import { getDesktopBridge } from './bridge';

/**
 * Tells the desktop app whether a ride's video is playing: idleness never turns demo mode on
 * while one plays (documents 000 and 001, 'Demo idle mode'). Stopped again when the player
 * goes away or the page is left mid-play, so the app never waits on a video that is gone.
 */
export function useDesktopVideoPlaying(playing: boolean): void {
  const electronMode = useGeneralStore((s) => s.electronMode);
  useEffect(() => {
    const bridge = playing && electronMode ? getDesktopBridge() : null;
    // A 2.5.0 app or later (versioned bridge) keeps the idle timer.
    if (!bridge || typeof bridge.version !== 'string') return;
    bridge.send('video-playing', { playing: true });
    const stopped = () => bridge.send('video-playing', { playing: false });
    window.addEventListener('pagehide', stopped);
    return () => {
      window.removeEventListener('pagehide', stopped);
      stopped();
    };
  }, [electronMode, playing]);
}
