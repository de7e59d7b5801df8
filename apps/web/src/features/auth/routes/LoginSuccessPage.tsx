import { Button, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@ridealong/contracts';
import { AuthCard } from '../components/AuthCard';
import { googleAuthResultFromHash } from '../google';

/**
 * /login-success: where Google returns. As the sign-in popup, it hands the access token to
 * the page that opened it (same origin only) and closes; otherwise it just says all is well.
 */
export function LoginSuccessPage() {
  useEffect(() => {
    const result = googleAuthResultFromHash(window.location.hash);
    const opener = window.opener as Window | null;
    if (!result || !opener || opener === window) return;
    opener.postMessage(result, window.location.origin);
    // The token must not linger in this window's address or history.
    window.history.replaceState(null, '', window.location.pathname);
    window.close();
  }, []);

  return (
    <AuthCard title="You're in!">
      <Text ta="center" data-testid="login-success-message">
        {AUTH_MESSAGES.loginSuccessPage}
      </Text>
      <Button component={Link} to="/featured" variant="light">
        Go to featured workouts
      </Button>
    </AuthCard>
  );
}
