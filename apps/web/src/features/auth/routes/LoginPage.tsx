import { Button, Divider, Stack } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { GoogleIcon, MailIcon } from '../../../components/icons';
import { LegalLinks } from '../components/LegalLinks';
import { useGoogleSignin } from '../hooks/useGoogleSignin';
import { signedInLoginPath, withRedirect } from '../redirects';

/** /login: the choice between email and Google, for logging in or signing up. */
export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const signedIn = useUserStore(selectSignedIn);
  const google = useGoogleSignin(redirect);

  if (signedIn && !google.completing) return <Navigate to={signedInLoginPath(redirect)} replace />;

  return (
    <AuthCard
      title="Welcome to RideAlong"
      subtitle="Ride the world's roads with the community, from your own trainer."
      footer={<LegalLinks />}
      testId="login-landing"
    >
      {google.notice && <FormAlert tone={google.notice.tone}>{google.notice.text}</FormAlert>}
      <Stack gap="sm">
        <Button
          component={Link}
          to={withRedirect('/login-email', redirect)}
          size="md"
          leftSection={<MailIcon size={18} />}
        >
          Log in with email
        </Button>
        <Button
          variant="default"
          size="md"
          leftSection={<GoogleIcon />}
          onClick={google.start}
          loading={google.pending}
        >
          Log in with Google
        </Button>
      </Stack>
      <Divider label="New to RideAlong?" labelPosition="center" />
      <Stack gap="sm">
        <Button
          component={Link}
          to="/sign-up"
          variant="light"
          size="md"
          leftSection={<MailIcon size={18} />}
        >
          Sign up with email
        </Button>
        <Button
          variant="default"
          size="md"
          leftSection={<GoogleIcon />}
          onClick={google.start}
          loading={google.pending}
        >
          Sign up with Google
        </Button>
      </Stack>
    </AuthCard>
  );
}
