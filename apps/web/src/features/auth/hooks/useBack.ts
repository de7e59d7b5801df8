import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Back to the previous page of this app, or to `fallback` when this page was opened first. */
export function useBack(fallback: string) {
  const navigate = useNavigate();
  return useCallback(() => {
    // React Router keeps the history index in history.state; 0 means nothing to go back to.
    const state: unknown = window.history.state;
    const idx =
      typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number'
        ? state.idx
        : 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback);
  }, [navigate, fallback]);
}
