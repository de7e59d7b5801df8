import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { useDesktopHandoff } from '../api/useDesktopSignin';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import {
  DESKTOP_SIGNIN_REDIRECT,
  desktopSigninFromQuery,
  forgetDesktopSignin,
  rememberDesktopSignin,
  storedDesktopSignin,
} from '../desktopSignin';
import { withRedirect } from '../redirects';

/**
 * /desktop-signin, in the system browser: the desktop app's sign-in (its
 * 'external-browser-google-auth'). The member signs in here as on the web (Google or email),
 * then says to continue: the server hands the app's loopback callback a one-time code, which
 * the app trades for a session of its own. Nothing of this browser's session leaves it.
 */
export function DesktopSigninPage() {
  const [params] = useSearchParams();
  const signedIn = useUserStore(selectSignedIn);
  const email = useUserStore((s) => s.user.email);
  // From the address on the first visit, from this tab's storage after /login.
  const [request] = useState(() => {
    const fromQuery = desktopSigninFromQuery(params);
    if (fromQuery) rememberDesktopSignin(fromQuery);
    return fromQuery ?? storedDesktopSignin();
  });
  const handoff = useDesktopHandoff();

  if (!request) {
    return (
      <AuthCard title="Sign in to the RideAlong app" testId="desktop-signin">
        <FormAlert tone="error">
          This sign-in link is not complete. Start signing in from the RideAlong app.
        </FormAlert>
      </AuthCard>
    );
  }

  const proceed = () =>
    handoff.mutate(request, {
      onSuccess: (url) => {
        forgetDesktopSignin();
        window.location.assign(url);
      },
    });

  return (
    <AuthCard
      title="Sign in to the RideAlong app"
      subtitle="The RideAlong app on this computer asked to sign in."
      testId="desktop-signin"
    >
      {handoff.error && <FormAlert tone="error">{handoff.error.message}</FormAlert>}
      {signedIn ? (
        <Stack gap="sm">
          <Text ta="center" data-testid="desktop-signin-account">
            Signed in as {email}.
          </Text>
          <Button onClick={proceed} loading={handoff.isPending || handoff.isSuccess}>
            Continue in the app
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text ta="center">Sign in first, then come back to the app from here.</Text>
          <Button component={Link} to={withRedirect('/login', DESKTOP_SIGNIN_REDIRECT)}>
            Sign in
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
