import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onSeen` once when the element is at least half in view (IntersectionObserver), or on
 * mount where the browser has none. `key` names what is seen: a new one is reported again.
 */
export function useSeenOnce<E extends Element>(
  ref: RefObject<E | null>,
  key: string | null,
  onSeen: () => void,
): void {
  const latest = useRef(onSeen);
  latest.current = onSeen;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (key === null || !element || reported.current === key) return;
    const seen = () => {
      if (reported.current === key) return;
      reported.current = key;
      latest.current();
    };
    if (typeof IntersectionObserver === 'undefined') {
      seen();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          seen();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, key]);
}
