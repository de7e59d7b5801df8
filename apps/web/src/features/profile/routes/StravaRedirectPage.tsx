import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { STRAVA, STRAVA_MESSAGES } from '@ridealong/contracts';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { useStravaAuth } from '../api/useStravaAuth';
import { readStravaCallback } from '../lib/stravaCallback';
import { forgetStravaState, storedStravaState } from '../lib/stravaState';

/**
 * /portal-redirect/strava, Strava's return (document 000: the fitness-network variant of
 * /portal-redirect): 'Please wait while we update your account.', the code exchanged by POST
 * /auth/strava, the user replaced, then /profile after 5 s. A callback this tab did not start
 * (its state differs) or a declined authorisation exchanges nothing.
 */
export function StravaRedirectPage() {
  const [params] = useSearchParams();
  const signedIn = useUserStore(selectSignedIn);
  // Read once: the stored state is forgotten below, and a re-render must not read it again.
  const [callback] = useState(() => readStravaCallback(params, storedStravaState()));
  const auth = useStravaAuth();
  const started = useRef(false);
  const exchange = auth.mutate;

  useEffect(() => {
    if (started.current || !signedIn) return;
    started.current = true;
    // One state serves one return, whatever it brought.
    forgetStravaState();
    if (callback.kind === 'exchange') exchange(callback);
  }, [callback, signedIn, exchange]);

  const navigate = useNavigate();
  useEffect(() => {
    if (!auth.isSuccess) return;
    const timer = window.setTimeout(
      () => void navigate('/profile', { replace: true }),
      STRAVA.redirectDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [auth.isSuccess, navigate]);

  let problem: string | null = null;
  if (!signedIn) problem = 'Sign in, then connect Strava again from your profile.';
  else if (callback.kind === 'bad-state') problem = STRAVA_MESSAGES.badState;
  else if (callback.kind === 'denied' || callback.kind === 'no-code') problem = callback.message;
  else if (auth.error) problem = `Strava could not be connected: ${auth.error.message}`;

  return (
    <Container size="sm" py={80}>
      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" ta="center" gap="md">
          <Title order={1} size="h2">
            Strava
          </Title>
          {problem ? (
            <>
              <Alert color="red" w="100%" ta="left" data-testid="strava-redirect-error">
                {problem}
              </Alert>
              <Button
                component={Link}
                to={signedIn ? '/profile' : '/login?redirect=profile'}
                data-testid="strava-redirect-back"
              >
                {signedIn ? 'Back to your profile' : 'Sign in'}
              </Button>
            </>
          ) : (
            <>
              <Text size="lg" data-testid="strava-redirect-message">
                {STRAVA_MESSAGES.pleaseWait}
              </Text>
              {auth.isSuccess && (
                <Text c="dimmed" data-testid="strava-redirect-done">
                  Connected to Strava.
                </Text>
              )}
              <Loader aria-label="Redirecting" />
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
