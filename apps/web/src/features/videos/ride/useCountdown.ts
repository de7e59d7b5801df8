import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A countdown shown over the video: from N down to 1, then 0 ('Go!') for a second, then null.
 * `onGo` runs as the count passes 1, when the ride begins (document 001 section 4).
 */
export function useCountdown() {
  const [value, setValue] = useState<number | null>(null);
  const onGo = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (value === null) return;
    const timer = setTimeout(() => {
      if (value === 0) return setValue(null); // 'Go!' shows for a second
      if (value === 1) onGo.current?.();
      setValue(value - 1);
    }, 1000);
    return () => clearTimeout(timer);
  }, [value]);

  const begin = useCallback((from: number, go: () => void) => {
    onGo.current = go;
    setValue(from);
  }, []);
  const cancel = useCallback(() => {
    onGo.current = null;
    setValue(null);
  }, []);
  return { value, begin, cancel };
}

export type Countdown = ReturnType<typeof useCountdown>;
