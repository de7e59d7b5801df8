import { useEffect, useState } from 'react';

/**
 * False until a frame after the component first rendered. A drawer or modal whose code loads
 * on its first opening renders closed until then, so it still plays its opening transition:
 * Mantine mounts the content in a portal one render late, and content that mounts open skips
 * the transition (waiting one effect is not enough, the portal's render takes the open state).
 * A hidden tab runs no frames: the timeout opens it there all the same.
 */
export function useAfterFirstFrame(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const done = () => setReady(true);
    const frame = requestAnimationFrame(done);
    const timer = setTimeout(done, 100);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ready;
}
