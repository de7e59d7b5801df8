import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserStore } from '../../../stores/user';
import type { SignedIn } from '../api/useEmailSignin';
import { afterLoginPath } from '../redirects';

/**
 * Stores the signed-in user and moves on. `completing` lets a page skip its own
 * "already signed in" redirect, which would otherwise race this navigation.
 */
export function useCompleteSignin(redirectParam: string | null) {
  const authenticate = useUserStore((s) => s.authenticate);
  const navigate = useNavigate();
  const [completing, setCompleting] = useState(false);
  const complete = useCallback(
    ({ user, token }: SignedIn) => {
      setCompleting(true);
      authenticate(user, token);
      void navigate(afterLoginPath(user, redirectParam), { replace: true });
    },
    [authenticate, navigate, redirectParam],
  );
  return { complete, completing };
}
