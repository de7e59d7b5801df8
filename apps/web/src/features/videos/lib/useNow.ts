import { useEffect, useState } from 'react';

/** The time, ticking once a second while the caller is shown ('Reconnecting… N s'). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Whole seconds since `since`, never negative. */
export function secondsSince(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 1000));
}
