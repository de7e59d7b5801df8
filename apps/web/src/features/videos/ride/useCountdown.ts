import { useCallback, useEffect, useRef, useState } from 'react';
import { nextStepDelay, secondsLeft } from './countdownClock';

/** 'Go!' shows this long after the count ends. */
const GO_SHOWN_MS = 1000;

/**
 * A countdown shown over the video: from N down to 1, then 0 ('Go!') for a second, then null.
 * `onGo` runs as the count passes 1, when the ride begins (document 001 section 4). Each step
 * is timed from the deadline (countdownClock), so `beginAt` can end it at a set moment: a
 * group ride's start, the same for every rider.
 */
export function useCountdown() {
  const [value, setValue] = useState<number | null>(null);
  const deadline = useRef(0);
  const onGo = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (value === null) return;
    const delay = value === 0 ? GO_SHOWN_MS : nextStepDelay(deadline.current, value, Date.now());
    const timer = setTimeout(() => {
      if (value === 0) return setValue(null); // 'Go!' shows for a second
      if (value === 1) onGo.current?.();
      setValue(value - 1);
    }, delay);
    return () => clearTimeout(timer);
  }, [value]);

  const beginAt = useCallback((at: number, go: () => void) => {
    onGo.current = go;
    deadline.current = at;
    const left = secondsLeft(at, Date.now());
    if (left > 0) return setValue(left);
    // Already past: no digits, straight to the ride.
    go();
    setValue(0);
  }, []);
  const begin = useCallback(
    (from: number, go: () => void) => beginAt(Date.now() + from * 1000, go),
    [beginAt],
  );
  const cancel = useCallback(() => {
    onGo.current = null;
    setValue(null);
  }, []);
  return { value, begin, beginAt, cancel };
}

export type Countdown = ReturnType<typeof useCountdown>;
