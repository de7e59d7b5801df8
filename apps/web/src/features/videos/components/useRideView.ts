import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useFocusTrap } from '@mantine/hooks';
import { inertAround } from '../lib/inertAround';

/**
 * Race mode is watched in theatre view (document 001): fullscreen where the browser allows it,
 * else the stage fills the window. Fullscreen needs a user gesture, which a ride started by
 * the start signal (or after waiting for the trainer) no longer has.
 *
 * While the stage fills the screen or the window (`full`) the rest of the page is inert and
 * the keyboard stays on the stage (WCAG 2.4.3): focus moves in (its exit button), Tab cycles
 * there, and on leaving focus goes back to where it was when that is still on the page.
 */
export function useRideView(stageRef: RefObject<HTMLElement | null>) {
  const [theatre, setTheatre] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  /**
   * Cleared by leave(): a leave before a fullscreen request is answered takes fullscreen down
   * again, and a refusal then fills no window.
   */
  const wanted = useRef(false);

  const enter = useCallback(() => {
    const stage = stageRef.current;
    if (!stage) return;
    wanted.current = true;
    if (typeof stage.requestFullscreen !== 'function') {
      setTheatre(true);
      return;
    }
    stage.requestFullscreen().then(
      () => {
        setTheatre(false);
        if (!wanted.current) void document.exitFullscreen().catch(() => undefined);
      },
      () => setTheatre(wanted.current),
    );
  }, [stageRef]);

  /** Leaves fullscreen or the theatre view, whichever is on. */
  const leave = useCallback(() => {
    wanted.current = false;
    setTheatre(false);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }, []);

  // Not a leave: the page runs it at mount too, maybe while a start signal's request is pending.
  const endTheatre = useCallback(() => setTheatre(false), []);

  // Escape leaves the theatre view as it leaves fullscreen.
  useEffect(() => {
    if (!theatre) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') endTheatre();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [theatre, endTheatre]);

  // The stage in fullscreen (a ride's, or Preview's).
  useEffect(() => {
    const onChange = () => {
      const stage = stageRef.current;
      setFullscreen(stage !== null && document.fullscreenElement === stage);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [stageRef]);

  const full = theatre || fullscreen;
  useEffect(() => {
    const stage = stageRef.current;
    if (!full || !stage) return;
    const before = document.activeElement;
    const restore = inertAround(stage);
    return () => {
      restore();
      const inPage =
        before instanceof HTMLElement && before.isConnected && before !== document.body;
      // Else the stage itself (in the page again): focus is never dropped to the body.
      if (inPage && !stage.contains(before)) before.focus({ preventScroll: true });
      else if (!stage.contains(document.activeElement)) stage.focus({ preventScroll: true });
    };
  }, [full, stageRef]);

  return { theatre, full, enter, leave, endTheatre, focusTrap: useFocusTrap(full) };
}
