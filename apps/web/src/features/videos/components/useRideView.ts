import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Race mode is watched in theatre view (document 001): fullscreen where the browser allows it,
 * else the stage fills the window. Fullscreen needs a user gesture, which a ride started by
 * the start signal (or after waiting for the trainer) no longer has.
 */
export function useRideView(stageRef: RefObject<HTMLElement | null>) {
  const [theatre, setTheatre] = useState(false);

  const enter = useCallback(() => {
    const stage = stageRef.current;
    if (!stage) return;
    if (typeof stage.requestFullscreen !== 'function') {
      setTheatre(true);
      return;
    }
    stage.requestFullscreen().then(
      () => setTheatre(false),
      () => setTheatre(true),
    );
  }, [stageRef]);

  /** Leaves fullscreen or the theatre view, whichever is on. */
  const leave = useCallback(() => {
    setTheatre(false);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }, []);

  // Escape leaves the theatre view as it leaves fullscreen.
  useEffect(() => {
    if (!theatre) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setTheatre(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [theatre]);

  return { theatre, enter, leave, endTheatre: useCallback(() => setTheatre(false), []) };
}
