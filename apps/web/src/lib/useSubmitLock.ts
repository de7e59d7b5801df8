import { useCallback, useEffect, useRef, useState } from 'react';
import { SUBMIT_REENABLE_MS } from '@ridealong/contracts';

/** The submit button is disabled on click and re-enabled after 400 ms (section 5). */
export function useSubmitLock(): [locked: boolean, lock: () => void] {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const lock = useCallback(() => {
    setLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(false), SUBMIT_REENABLE_MS);
  }, []);
  return [locked, lock];
}
