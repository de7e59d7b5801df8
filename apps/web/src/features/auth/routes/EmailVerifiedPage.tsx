import { Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@ridealong/contracts';
import { ApiError } from '../../../lib/api';
import { useVerifyEmail } from '../api/useVerifyEmail';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { NETWORK_ERROR_TEXT } from '../messages';

/** The desktop app registers this scheme; the link opens it at its sign-in screen. */
const DESKTOP_APP_LINK = 'ridealong://login';

/**
 * /email-verified?code=...: confirms the emailed code once. Without a code (the desktop app
 * links here after verifying) it only says the email is verified.
 */
export function EmailVerifiedPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const { mutate: verify, status, error } = useVerifyEmail();
  // The code is single-use: StrictMode's second effect run must not send it again.
  const sent = useRef(false);
  useEffect(() => {
    if (!code || sent.current) return;
    sent.current = true;
    verify(code);
  }, [code, verify]);

  if (code && (status === 'idle' || status === 'pending')) {
    return (
      <AuthCard title="Verifying your email">
        <Center>
          <Loader aria-label="Verifying" />
        </Center>
      </AuthCard>
    );
  }

  if (status === 'error') {
    return (
      <AuthCard title="We could not verify your email">
        <FormAlert>{error instanceof ApiError ? error.message : NETWORK_ERROR_TEXT}</FormAlert>
        <Text size="sm" c="dimmed" ta="center">
          Links work once. If you already verified your email, just log in.
        </Text>
        <Button component={Link} to="/login" size="md">
          Go to log in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome aboard">
      <Text ta="center" fz="lg" fw={600} data-testid="email-verified-message">
        {AUTH_MESSAGES.emailVerified}
      </Text>
      <Stack gap="sm">
        <Button component={Link} to="/login" size="md">
          Go to log in
        </Button>
        <Button component="a" href={DESKTOP_APP_LINK} variant="default" size="md">
          Open the desktop app
        </Button>
      </Stack>
      <Text size="xs" c="dimmed" ta="center">
        No desktop app yet?{' '}
        <Anchor component={Link} to="/setup">
          Get set up
        </Anchor>
        .
      </Text>
    </AuthCard>
  );
}
