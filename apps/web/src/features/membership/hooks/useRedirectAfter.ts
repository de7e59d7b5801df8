import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Goes to `path` after `ms` (the post-payment delays of section 9); leaving cancels it. */
export function useRedirectAfter(path: string, ms: number) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(path, { replace: true }), ms);
    return () => window.clearTimeout(timer);
  }, [navigate, path, ms]);
}
